import { createHash } from 'node:crypto';
import { SafeHtml } from './html';

/**
 * Shows and hides a password field's text (its button, `data-reveal` naming the input, stays
 * hidden without scripts). The button says what it will do (its `data-show` / `data-hide` texts
 * and labels); the field goes back to a password before the form is sent, so the browser keeps
 * no plain copy of it in a text field's history.
 */
export const REVEAL_PASSWORD_SCRIPT =
  "for(const b of document.querySelectorAll('button[data-reveal]')){" +
  'const i=document.getElementById(b.dataset.reveal);if(!i)continue;' +
  'const set=(shown)=>{i.type=shown?"text":"password";' +
  'b.textContent=shown?b.dataset.hide:b.dataset.show;' +
  'b.setAttribute("aria-label",shown?b.dataset.hideLabel:b.dataset.showLabel);};' +
  'b.hidden=false;b.addEventListener("click",()=>set(i.type==="password"));' +
  'i.form?.addEventListener("submit",()=>set(false));}';

/** Its sha256 (base64), allowed by every identity page's CSP (page-security.ts). */
export const REVEAL_PASSWORD_SCRIPT_HASH = createHash('sha256')
  .update(REVEAL_PASSWORD_SCRIPT)
  .digest('base64');

// Built apart from the page template, so formatting the template never changes the hashed text.
export const revealPasswordScript = new SafeHtml(`<script>${REVEAL_PASSWORD_SCRIPT}</script>`);
