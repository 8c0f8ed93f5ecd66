/**
 * Makes the generated native projects (`npx cap add android|ios`, never committed) Arcadia's:
 * the deep links of spec §2 (the login callback's URL scheme; app links to the public URL when
 * one is given) and the icons and splash screens from the one source logo. Capacitor runs it
 * after every `cap add`, `cap sync` and `cap update` (the `capacitor:update:after` hook in
 * package.json); it only changes what is not Arcadia's yet, so running it again is harmless.
 *
 *   tsx build/native-platforms.ts [android|ios]   (default: CAPACITOR_PLATFORM_NAME, else both)
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ICON_BACKGROUND, renderIcon, renderSplash, SOURCE_LOGO, type IconKind } from './icons';

export const APP_SCHEME = 'de.arcadia.app';
const MARK = 'arcadia:deep-links';

/** The host whose https links open the app (Android app links), from the build's public URL. */
export function appLinkHost(env: NodeJS.ProcessEnv = process.env): string | null {
  const url = env.VITE_PUBLIC_URL;
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.host : null;
  } catch {
    return null;
  }
}

/** Adds the deep-link intent filters to the main activity of an AndroidManifest.xml. */
export function withAndroidDeepLinks(manifest: string, host: string | null): string {
  if (manifest.includes(MARK)) return manifest;
  const view = (data: string, verify = false) => `
            <intent-filter${verify ? ' android:autoVerify="true"' : ''}>
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                ${data}
            </intent-filter>`;
  const filters =
    `\n            <!-- ${MARK}: the login callback (and sign-out return) through the app's scheme -->` +
    view(`<data android:scheme="${APP_SCHEME}" />`) +
    (host
      ? `\n            <!-- links to the web app open the app (needs /.well-known/assetlinks.json) -->` +
        view(`<data android:scheme="https" android:host="${host}" />`, true)
      : '');
  const activityEnd = manifest.indexOf('</activity>');
  if (activityEnd < 0) throw new Error('AndroidManifest.xml has no <activity>');
  return `${manifest.slice(0, activityEnd)}${filters}\n\n        ${manifest.slice(activityEnd)}`;
}

/** Registers the app's URL scheme in an iOS Info.plist (CFBundleURLTypes). */
export function withIosUrlScheme(plist: string): string {
  if (plist.includes('<key>CFBundleURLTypes</key>')) return plist;
  const entry = `\t<key>CFBundleURLTypes</key>
\t<array>
\t\t<dict>
\t\t\t<key>CFBundleURLName</key>
\t\t\t<string>${APP_SCHEME}</string>
\t\t\t<key>CFBundleURLSchemes</key>
\t\t\t<array>
\t\t\t\t<string>${APP_SCHEME}</string>
\t\t\t</array>
\t\t</dict>
\t</array>
`;
  const end = plist.lastIndexOf('</dict>');
  if (end < 0) throw new Error('Info.plist has no top-level <dict>');
  return `${plist.slice(0, end)}${entry}${plist.slice(end)}`;
}

async function writeIcon(svg: Buffer, file: string, size: number, kind: IconKind) {
  if (!fs.existsSync(path.dirname(file))) return;
  await fs.promises.writeFile(file, await renderIcon(svg, { fileName: file, size, kind }));
}

async function replaceSplashes(svg: Buffer, dir: string, name: RegExp): Promise<void> {
  if (!fs.existsSync(dir)) return;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !name.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { width, height } = await sharp(file).metadata();
    if (width && height) await fs.promises.writeFile(file, await renderSplash(svg, width, height));
  }
}

/** Android launcher densities: legacy icon size and adaptive foreground size (px). */
const ANDROID_DENSITIES = {
  mdpi: [48, 108],
  hdpi: [72, 162],
  xhdpi: [96, 216],
  xxhdpi: [144, 324],
  xxxhdpi: [192, 432],
} as const;

export async function configureAndroid(root: string, svg: Buffer): Promise<boolean> {
  const main = path.join(root, 'android/app/src/main');
  const manifestFile = path.join(main, 'AndroidManifest.xml');
  if (!fs.existsSync(manifestFile)) return false;
  const manifest = await fs.promises.readFile(manifestFile, 'utf8');
  await fs.promises.writeFile(manifestFile, withAndroidDeepLinks(manifest, appLinkHost()));
  for (const [density, [legacy, foreground]] of Object.entries(ANDROID_DENSITIES)) {
    const dir = path.join(main, `res/mipmap-${density}`);
    await writeIcon(svg, path.join(dir, 'ic_launcher.png'), legacy, 'any');
    await writeIcon(svg, path.join(dir, 'ic_launcher_round.png'), legacy, 'round');
    await writeIcon(svg, path.join(dir, 'ic_launcher_foreground.png'), foreground, 'foreground');
  }
  const background = path.join(main, 'res/values/ic_launcher_background.xml');
  if (fs.existsSync(background)) {
    const xml = await fs.promises.readFile(background, 'utf8');
    await fs.promises.writeFile(
      background,
      xml.replace(
        /(<color name="ic_launcher_background">)[^<]*(<\/color>)/,
        `$1${ICON_BACKGROUND.toUpperCase()}$2`,
      ),
    );
  }
  await replaceSplashes(svg, path.join(main, 'res'), /^splash\.png$/);
  return true;
}

export async function configureIos(root: string, svg: Buffer): Promise<boolean> {
  const app = path.join(root, 'ios/App/App');
  const plistFile = path.join(app, 'Info.plist');
  if (!fs.existsSync(plistFile)) return false;
  const plist = await fs.promises.readFile(plistFile, 'utf8');
  await fs.promises.writeFile(plistFile, withIosUrlScheme(plist));
  // Capacitor's template has one 1024 px icon; iOS rounds it and wants no transparency.
  await writeIcon(
    svg,
    path.join(app, 'Assets.xcassets/AppIcon.appiconset/AppIcon-512@2x.png'),
    1024,
    'apple',
  );
  await replaceSplashes(svg, path.join(app, 'Assets.xcassets/Splash.imageset'), /\.png$/);
  return true;
}

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const svg = await fs.promises.readFile(SOURCE_LOGO);
  const wanted = process.argv[2] ?? process.env.CAPACITOR_PLATFORM_NAME;
  const platforms = wanted ? [wanted] : ['android', 'ios'];
  for (const platform of platforms) {
    if (platform !== 'android' && platform !== 'ios') continue;
    const done =
      platform === 'android' ? await configureAndroid(root, svg) : await configureIos(root, svg);
    console.log(
      `[arcadia] ${platform}: ${done ? 'deep links, icons and splash configured' : 'no project, skipped'}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
