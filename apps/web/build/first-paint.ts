import type { Plugin } from 'vite';

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
export function firstPaintPlugin(): Plugin {
  return {
    name: 'arcadia-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error('first-paint: no entry script in index.html');
        return (
          html
            .replace(
              entry[0],
              () => `<link rel="modulepreload" crossorigin href="${entry[1]}" data-entry>`,
            )
            .replace('</body>', () => `  <script>${START_SCRIPT}</script>\n  </body>`)
            // index.html's comments explain the source; the phone need not download them.
            .replace(/\s*<!--[\s\S]*?-->/g, '')
        );
      },
    },
  };
}
