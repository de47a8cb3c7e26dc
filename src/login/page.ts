// The HTML of the login page: a password form and a company picker. Everything shown is escaped. The forms
// are inert without JavaScript (the CSRF token is put into them by the page's script and the buttons are
// enabled by it), and the flow itself lives in a cookie, so the page needs both, as the interface says.
import { randomBytes } from 'node:crypto';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface PageParts {
  title: string;
  /** Name of the application the user logs in to. */
  clientName?: string;
  error?: string;
  /** Set when the page holds a form. */
  csrf?: string;
  body: string;
  /** Origin the browser may be redirected to after a form post (the client's redirect address). */
  formTarget?: string;
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f5f7;color:#1d2330;margin:0}
main{max-width:24rem;margin:4rem auto;background:#fff;padding:2rem;border-radius:.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin:0 0 .5rem}.client{color:#555;margin:0 0 1.5rem}
label{display:block;margin:0 0 1rem;font-weight:600}
input[type=text],input[type=password]{display:block;width:100%;box-sizing:border-box;margin-top:.3rem;padding:.55rem;font:inherit;border:1px solid #bbb;border-radius:.3rem}
button{font:inherit;padding:.6rem 1rem;border:0;border-radius:.3rem;background:#1f5fbf;color:#fff;cursor:pointer;width:100%;margin-top:.3rem}
button[disabled]{background:#999;cursor:default}
.companies button{display:block;text-align:left;margin:.5rem 0}
.error{background:#fdecea;color:#8a1c12;padding:.6rem .8rem;border-radius:.3rem}
`;

const SCRIPT = `(function(){
  var token = document.querySelector('meta[name="csrf-token"]');
  if (!navigator.cookieEnabled) {
    var p = document.createElement('p'); p.className = 'error'; p.setAttribute('role', 'alert');
    p.textContent = 'This page needs cookies. Allow cookies for this site and start again.';
    document.querySelector('main').appendChild(p); return;
  }
  document.querySelectorAll('form').forEach(function (form) {
    if (token) form.elements.namedItem('csrf').value = token.content;
    form.querySelectorAll('button').forEach(function (b) { b.disabled = false; });
    form.addEventListener('submit', function () {
      setTimeout(function () { form.querySelectorAll('button').forEach(function (b) { b.disabled = true; }); }, 0);
    });
  });
})();`;

export interface RenderedPage {
  html: string;
  headers: Record<string, string>;
}

export function renderPage(parts: PageParts): RenderedPage {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(parts.title)} · Tase</title>
${parts.csrf ? `<meta name="csrf-token" content="${escapeHtml(parts.csrf)}">` : ''}
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(parts.title)}</h1>
${parts.clientName ? `<p class="client">to <strong>${escapeHtml(parts.clientName)}</strong></p>` : ''}
${parts.error ? `<p class="error" role="alert" id="error">${escapeHtml(parts.error)}</p>` : ''}
<noscript><p class="error">This page needs JavaScript.</p></noscript>
${parts.body}
</main>
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>`;
  const formAction = ["'self'", parts.formTarget].filter(Boolean).join(' ');
  return {
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      // same-origin, not no-referrer: with no-referrer browsers send `Origin: null` on the form posts
      'referrer-policy': 'same-origin',
    },
  };
}

export function passwordForm(username = ''): string {
  return `<form method="post" action="login" id="password-form">
<input type="hidden" name="step" value="password">
<input type="hidden" name="csrf" value="">
<label>Username <input type="text" name="username" autocomplete="username" value="${escapeHtml(username)}" required autofocus maxlength="100"></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required maxlength="200"></label>
<button type="submit" disabled>Log in</button>
</form>`;
}

export function companyForm(companies: { companyId: number; name: string }[]): string {
  const buttons = companies
    .map(
      (c) =>
        `<button type="submit" name="companyId" value="${c.companyId}" disabled>${escapeHtml(c.name)} <small>(${c.companyId})</small></button>`,
    )
    .join('\n');
  return `<p>Choose the company:</p>
<form method="post" action="login" id="company-form" class="companies">
<input type="hidden" name="step" value="company">
<input type="hidden" name="csrf" value="">
${buttons}
</form>`;
}

export function restartLink(href: string | undefined): string {
  return href ? `<p><a href="${escapeHtml(href)}">Start again</a></p>` : '';
}
