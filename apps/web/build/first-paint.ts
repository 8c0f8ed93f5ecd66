import type { Plugin } from 'vite';

/**
 * The `id` of index.html's `<template>` of the app's scripts: inert until the start-up script
 * puts its `modulepreload` links into the head. The server adds a route's chunks to it
 * (apps/server/src/plugins/web.ts).
 */
export const SCRIPTS_TEMPLATE_ID = 'app-scripts';

/**
 * Once the browser reports the first contentful paint (index.html's header on the screen), or
 * after a second where none comes (a tab opened in the background paints nothing until shown):
 * loads the template's scripts and runs the entry (the link marked `data-entry`). Its text never
 * changes, so the server allows it by its hash in the CSP (apps/server/src/plugins/web.ts).
 */
export const START_SCRIPT =
  '(function(){var started=false;function start(){if(started)return;started=true;' +
  `document.head.appendChild(document.getElementById('${SCRIPTS_TEMPLATE_ID}').content);` +
  "var s=document.createElement('script');s.type='module';s.crossOrigin='';" +
  "s.src=document.querySelector('link[data-entry]').href;document.head.appendChild(s)}" +
  "try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)start()})" +
  ".observe({type:'paint',buffered:true})}catch(e){start()}setTimeout(start,1000)})()";

/**
 * The first screen before the scripts: index.html paints its header as soon as its stylesheet is
 * in, and only then do the app's scripts load and run. On a slow link the scripts (about 150 KB)
 * would otherwise share the bandwidth with the stylesheet and hold the first paint until the app
 * has started, with a blank screen meanwhile (Lighthouse counts every script loaded before the
 * first paint as render-blocking; docs/benchmarks.md). The strings, the display font and the
 * page's data still load at once.
 */
export function firstPaintPlugin(): Plugin {
  return {
    name: 'arcadia-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error('first-paint: no entry script in index.html');
        const preloads = [
          ...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g),
        ];
        let rest = html.replace(entry[0], '');
        for (const preload of preloads) rest = rest.replace(preload[0], '');
        const links = [
          `<link rel="modulepreload" crossorigin href="${entry[1]}" data-entry>`,
          ...preloads.map((p) => p[0].trim()),
        ];
        const template = `<template id="${SCRIPTS_TEMPLATE_ID}">\n      ${links.join('\n      ')}\n    </template>`;
        return rest
          .replace('</head>', () => `  ${template}\n  </head>`)
          .replace('</body>', () => `  <script>${START_SCRIPT}</script>\n  </body>`);
      },
    },
  };
}
