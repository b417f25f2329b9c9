// The clickable board's cells as an ARIA grid (https://www.w3.org/WAI/ARIA/apg/patterns/grid/):
// one tab stop for the whole grid (roving tabindex), arrow keys, Home and End move between cells,
// Enter or Space plays the focused cell.  Each cell's accessible name says where it is and what is
// on it ("row 2, column 3, empty, cell 5").  The view decides nothing: it draws the `cells` the
// kernel sends and sends back {event: "play", cell} for a click or a key.
function render({ model, el }) {
  el.classList.add("ttt-grid-view");
  const grid = document.createElement("div");
  grid.setAttribute("role", "grid");
  grid.className = "ttt-grid";
  el.appendChild(grid);
  let cells = [];
  let focused = 0;

  function build() {
    grid.replaceChildren();
    cells = [];
    const rows = model.get("rows"), cols = model.get("cols"), size = model.get("cell_size");
    grid.style.gridTemplateColumns = `repeat(${cols}, ${size})`;
    for (let r = 0; r < rows; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.setAttribute("aria-label", `row ${r + 1}`);   // else a row is named by all its cells at once
      row.className = "ttt-row";
      for (let c = 0; c < cols; c++) {
        const index = r * cols + c;
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.className = `ttt-cell ttt-cell-${index}`;
        cell.style.width = cell.style.height = size;
        const text = document.createElement("span");
        text.className = "ttt-cell-text";
        text.setAttribute("aria-hidden", "true");   // the cell's name says it all, once
        cell.appendChild(text);
        cell.addEventListener("click", () => { move(index); play(index); });
        row.appendChild(cell);
        cells.push(cell);
      }
      grid.appendChild(row);
    }
    focused = Math.min(focused, cells.length - 1);
  }

  function draw() {
    grid.setAttribute("aria-label", model.get("label"));
    const shown = model.get("cells");
    if (shown.length !== cells.length) build();
    shown.forEach((info, index) => {
      const cell = cells[index];
      cell.firstChild.textContent = info.text;
      cell.setAttribute("aria-label", info.name);
      cell.style.background = info.fill;
      cell.style.color = info.colour;
      cell.classList.toggle("ttt-win", info.win);
      cell.classList.toggle("ttt-mark", info.mark);
      cell.classList.toggle("ttt-hint", info.hint);
      cell.tabIndex = index === focused ? 0 : -1;
    });
  }

  function move(index) {
    if (index < 0 || index >= cells.length) return;
    cells[focused].tabIndex = -1;
    focused = index;
    cells[focused].tabIndex = 0;
    cells[focused].focus();
  }

  function play(index) {
    model.send({ event: "play", cell: index });
  }

  // Focus that arrives another way (a screen reader's cursor, a script) moves the tab stop too.
  grid.addEventListener("focusin", (event) => {
    const index = cells.indexOf(event.target);
    if (index >= 0 && index !== focused) {
      cells[focused].tabIndex = -1;
      focused = index;
      cells[focused].tabIndex = 0;
    }
  });

  grid.addEventListener("keydown", (event) => {
    const cols = model.get("cols"), r = Math.floor(focused / cols), c = focused % cols;
    const last = cells.length - 1;
    const target = {
      ArrowRight: c < cols - 1 ? focused + 1 : focused,
      ArrowLeft: c > 0 ? focused - 1 : focused,
      ArrowDown: focused + cols <= last ? focused + cols : focused,
      ArrowUp: focused - cols >= 0 ? focused - cols : focused,
      Home: event.ctrlKey ? 0 : r * cols,
      End: event.ctrlKey ? last : r * cols + cols - 1,
    }[event.key];
    if (target !== undefined) {
      move(target);
    } else if (event.key === "Enter" || event.key === " ") {
      play(focused);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();   // JupyterLab's own shortcuts (arrows move between notebook cells) stay out
  });

  model.on("change:cells", draw);
  model.on("change:label", draw);
  model.on("change:rows", () => { build(); draw(); });
  model.on("change:cols", () => { build(); draw(); });
  model.on("change:cell_size", () => { build(); draw(); });
  build();
  draw();
}

export default { render };
