/** Pages the provider renders itself (logout, errors): the product's colours inline, no external assets. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;color:#1d2433;background:#eef7f4;
-webkit-font-smoothing:antialiased}main{max-width:28rem;margin:3rem auto;padding:0 1rem}
.card{background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:.5rem 0}.brand{font-weight:600;color:#125a49;margin-bottom:1rem}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.25rem}button,.button{font:inherit;font-weight:600;border-radius:.5rem;
padding:.6rem 1rem;border:1px solid #17705b;cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:#17705b;color:#fff}.primary:hover{background:#125a49}.secondary{background:#fff;color:#125a49}
button:focus-visible,.button:focus-visible{outline:3px solid #1d2433;outline-offset:2px}
code{background:#eef7f4;padding:.1rem .3rem;border-radius:.25rem;word-break:break-word}
iframe{display:none}
`;

export function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Trip Explorer</title><style>${STYLE}</style>${head}</head>
<body><main><div class="brand">Trip Explorer</div><div class="card">${body}</div></main></body></html>`;
}
