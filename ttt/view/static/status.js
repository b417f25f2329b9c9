// The status line as a polite live region: a screen reader reads each new message (a move, the
// computer's reply, the result, why a click was refused) when the user is idle.  The region is made
// once and only its content changes, which is what screen readers announce.
function render({ model, el }) {
  el.setAttribute("role", "status");
  el.setAttribute("aria-live", "polite");
  el.setAttribute("aria-atomic", "true");
  const show = () => { el.innerHTML = model.get("value"); };
  model.on("change:value", show);
  show();
}

export default { render };
