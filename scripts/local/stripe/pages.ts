const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111}
.banner{background:#fff4d6;border:1px solid #e0b84a;border-radius:.5rem;padding:.75rem;margin-bottom:1rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #767676;border-radius:.25rem}
button{font:inherit;margin-top:1rem;padding:.6rem 1.5rem;background:#1a56db;color:#fff;border:0;border-radius:.25rem;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
.error{color:#b00020;font-weight:600}.row{display:flex;gap:1rem}.row>div{flex:1}a{color:#1a56db}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
<p class="banner">This is the local Stripe stand-in: no real card is charged. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.</p>
${body}
</main></body></html>`;
}

export interface CheckoutPageModel {
  sessionId: string;
  description: string;
  amountLabel: string;
  trialDays?: number;
  cancelUrl: string;
  error?: string;
}

/** The hosted checkout page: one accessible form, the decline message announced when shown. */
export function renderCheckoutPage(model: CheckoutPageModel): string {
  const error = model.error
    ? `<p class="error" role="alert" id="card-error">${escapeHtml(model.error)}</p>`
    : '';
  const described = model.error ? ' aria-describedby="card-error" aria-invalid="true"' : '';
  return page(
    'Local test checkout',
    `<h1>Local test checkout</h1>
<p>${escapeHtml(model.description)}: <strong>${escapeHtml(model.amountLabel)}</strong>${
      model.trialDays ? ` after a ${model.trialDays}-day free trial` : ''
    }</p>
${error}
<form method="post" action="/checkout/${encodeURIComponent(model.sessionId)}/pay">
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242"${described}>
<div class="row">
<div><label for="expiry">Expiry (MM / YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" required placeholder="12 / 34"></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123"></div>
</div>
<button type="submit">Pay</button>
</form>
<p><a href="${escapeHtml(model.cancelUrl)}">Cancel and go back</a></p>`,
  );
}

export function renderMessagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

export function renderPortalPage(model: { returnUrl: string; lines: readonly string[] }): string {
  return page(
    'Local billing portal',
    `<h1>Local billing portal</h1>
<p>Payment methods and invoices live in Stripe's Customer Portal; this local page only shows the subscription.</p>
<ul>${model.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(model.returnUrl)}">Return</a></p>`,
  );
}
