import type { Plugin } from 'vite';
import { EARLY_CALLS_META, EARLY_CALLS_MIN_VALIDITY_SECONDS } from '@arcadia/contracts/early-calls';
import { OIDC_STORAGE_PREFIX } from '../src/lib/auth/stored-session';

/**
 * Starts the page's early calls (`@arcadia/contracts/early-calls`) as soon as the HTML is parsed:
 * each same-origin `/api/` address of the page's meta tags (index.html's: the own profile, which
 * every signed-in page loads first; the server's for the page itself), with the signed-in
 * player's access token from the session the app keeps (oidc-client-ts's stored user) while it is
 * valid long enough. The answers wait in `window.arcadiaEarlyCalls` for the app's API client.
 * Nothing without a meta tag or a session, in the hidden frame of silent renewal or on a sign-in's
 * callback (a new token is coming). Allowed by its hash in the CSP, like the start-up script.
 */
export const EARLY_CALLS_SCRIPT =
  String.raw`(function(){try{` +
  String.raw`if(window.self!==window.top||/[?&](code|error)=/.test(location.search))return;` +
  String.raw`var m=document.querySelectorAll('meta[name="${EARLY_CALLS_META}"]');if(!m.length)return;` +
  String.raw`var u=null,s=window.localStorage;for(var i=0;i<s.length;i++){var k=s.key(i);` +
  String.raw`if(k&&k.indexOf('${OIDC_STORAGE_PREFIX}user:')===0){u=JSON.parse(s.getItem(k));break}}` +
  String.raw`if(!u||typeof u.access_token!=='string'||` +
  String.raw`!(u.expires_at-${EARLY_CALLS_MIN_VALIDITY_SECONDS}>Date.now()/1000))return;` +
  String.raw`var t=u.access_token,calls={},paths=[];` +
  String.raw`for(var j=0;j<m.length;j++)paths=paths.concat(m[j].content.split(' '));` +
  String.raw`paths.forEach(function(p){if(!/^\/api\/\S*$/.test(p)||calls[p])return;` +
  String.raw`var a=fetch(p,{headers:{authorization:'Bearer '+t},credentials:'same-origin'});` +
  String.raw`a.catch(function(){});calls[p]={token:t,answer:a}});` +
  String.raw`window.arcadiaEarlyCalls=calls}catch(e){}})()`;

/**
 * Runs the app's entry (the `modulepreload` marked `data-entry`) once the browser reports the
 * first contentful paint (index.html's header on the screen), or after a second where none comes
 * (a tab opened in the background paints nothing until it is shown); at once in a browser that
 * reports no paints. Its text never changes, so the server allows it by its hash in the CSP
 * (apps/server/src/plugins/web.ts).
 */
export const START_SCRIPT =
  '(function(){var started=false;function start(){if(started)return;started=true;' +
  "var s=document.createElement('script');s.type='module';s.crossOrigin='';" +
  "s.src=document.querySelector('link[data-entry]').href;document.head.appendChild(s)}" +
  "try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)throw 0;" +
  "new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)start()})" +
  ".observe({type:'paint',buffered:true})}catch(e){start()}setTimeout(start,1000)})()";

/**
 * The first screen before the app: index.html's header paints as soon as the stylesheet is in,
 * and the app's entry runs only after that paint. Its scripts still download at once, as
 * `modulepreload`s beside the stylesheet (the route's chunks too: the server adds them), so
 * running the entry one paint later costs no time on the wire. Without this the browser runs the
 * module scripts, once loaded, before its first paint, and a phone shows a blank screen until
 * the app has started. Loading the scripts only after the paint scored higher in Lighthouse's
 * simulation but started the app later on a throttled link (docs/benchmarks.md).
 */
/**
 * The scripts run only after the first paint, so they download at low priority: the stylesheet,
 * the font and the page's own preloads (its first image) go first on a slow link. Lighthouse's
 * simulation then no longer counts them as render-blocking (at High it does, though a module
 * script never blocks the paint): its FCP went from about 2.0 s to 0.8 s (docs/benchmarks.md).
 */
const LOW = 'fetchpriority="low"';

export function firstPaintPlugin(): Plugin {
  return {
    name: 'arcadia-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error('first-paint: no entry script in index.html');
        if (!html.includes('<link rel="stylesheet"'))
          throw new Error('first-paint: no stylesheet in index.html');
        return (
          html
            .replace(
              entry[0],
              () => `<link rel="modulepreload" crossorigin href="${entry[1]}" data-entry>`,
            )
            .replace(/<link rel="modulepreload"/g, `<link rel="modulepreload" ${LOW}`)
            // Before the stylesheet: a page's inline script waits for the stylesheets above it,
            // and these calls need nothing of it (after the meta tags: index.html's, the server's).
            .replace(
              /<link rel="stylesheet"/,
              (link) => `<script>${EARLY_CALLS_SCRIPT}</script>\n    ${link}`,
            )
            .replace('</body>', () => `  <script>${START_SCRIPT}</script>\n  </body>`)
            // index.html's comments explain the source; the phone need not download them.
            .replace(/\s*<!--[\s\S]*?-->/g, '')
        );
      },
    },
  };
}
