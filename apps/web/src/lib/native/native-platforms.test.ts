// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  APP_SCHEME,
  appLinkHost,
  withAndroidDeepLinks,
  withIosUrlScheme,
} from '../../../build/native-platforms';
import capacitorConfig from '../../../capacitor.config';
import { NATIVE_APP_SCHEME } from './config';

const manifest = `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android">
    <application>
        <activity android:name=".MainActivity" android:launchMode="singleTask" android:exported="true">
            <intent-filter>
                <action android:name="android.intent.action.MAIN" />
                <category android:name="android.intent.category.LAUNCHER" />
            </intent-filter>
        </activity>
    </application>
</manifest>`;

const plist = `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
\t<key>CFBundleDisplayName</key>
\t<string>Arcadia</string>
\t<key>UISupportedInterfaceOrientations~ipad</key>
\t<array>
\t\t<string>UIInterfaceOrientationPortrait</string>
\t</array>
</dict>
</plist>`;

describe('the native shell’s identity', () => {
  it('one scheme everywhere: Capacitor app id, the deep-link router, the platform projects', () => {
    expect(capacitorConfig.appId).toBe('de.arcadia.app');
    expect(NATIVE_APP_SCHEME).toBe(capacitorConfig.appId);
    expect(APP_SCHEME).toBe(capacitorConfig.appId);
    expect(capacitorConfig).toMatchObject({ appName: 'Arcadia', webDir: 'dist' });
  });

  it('live updates as spec §9 says: Production channel, background, at most 2 versions', () => {
    expect(capacitorConfig.plugins?.LiveUpdates).toMatchObject({
      channel: 'Production',
      autoUpdateMethod: 'background',
      maxVersions: 2,
    });
  });
});

describe('the Android project gets the deep links', () => {
  it('adds a VIEW filter for the scheme inside the main activity', () => {
    const out = withAndroidDeepLinks(manifest, null);
    const activity = out.slice(out.indexOf('<activity'), out.indexOf('</activity>'));
    expect(activity).toContain(`<data android:scheme="${APP_SCHEME}" />`);
    expect(activity).toContain('android.intent.category.BROWSABLE');
    expect(activity).toContain('android.intent.action.MAIN');
    expect(out).not.toContain('android:host');
  });

  it('adds verified app links to the public host when there is one', () => {
    const out = withAndroidDeepLinks(manifest, 'arcadia.example');
    expect(out).toMatch(
      /<intent-filter android:autoVerify="true">[\s\S]*<data android:scheme="https" android:host="arcadia.example" \/>/,
    );
  });

  it('is done once only', () => {
    const once = withAndroidDeepLinks(manifest, 'arcadia.example');
    expect(withAndroidDeepLinks(once, 'arcadia.example')).toBe(once);
    expect(() => withAndroidDeepLinks('<manifest/>', null)).toThrow(/activity/);
  });

  it('takes the app-link host from the build’s https public URL only', () => {
    expect(appLinkHost({ VITE_PUBLIC_URL: 'https://arcadia.example/' })).toBe('arcadia.example');
    expect(appLinkHost({ VITE_PUBLIC_URL: 'http://localhost:8080' })).toBeNull();
    expect(appLinkHost({ VITE_PUBLIC_URL: 'nonsense' })).toBeNull();
    expect(appLinkHost({})).toBeNull();
  });
});

describe('the iOS project gets the URL scheme', () => {
  it('registers CFBundleURLSchemes in the top-level dict, once', () => {
    const out = withIosUrlScheme(plist);
    expect(out).toMatch(
      /<key>CFBundleURLSchemes<\/key>\s*<array>\s*<string>de\.arcadia\.app<\/string>\s*<\/array>/,
    );
    expect(out.trimEnd().endsWith('</dict>\n</plist>')).toBe(true);
    expect(withIosUrlScheme(out)).toBe(out);
  });
});
