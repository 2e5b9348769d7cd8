// OpenHealthKit dashboard: live updates on Today, tooltips on charts, the export upload. The project's own code;
// no library. Everything works without it except the live updates and the upload.
"use strict";

(function live() {
  const main = document.querySelector("main[data-live]");
  if (!main || !window.EventSource) return;
  const status = document.querySelector("[data-live-status]");
  let pending = null;
  async function refresh() {
    pending = null;
    const answer = await fetch(main.dataset.refresh, { credentials: "same-origin", cache: "no-store" });
    if (!answer.ok) return;
    const today = await answer.json();
    for (const [key, figure] of Object.entries(today.figures)) {
      const element = document.querySelector(`[data-figure="${key}"]`);
      if (!element) continue;
      if (element.textContent !== figure.text) {
        element.textContent = figure.text;
        element.classList.remove("updated");
        void element.offsetWidth;
        element.classList.add("updated");
      }
      if (figure.value === null) element.removeAttribute("data-value");
      else element.dataset.value = String(figure.value);
      const note = document.querySelector(`[data-note="${key}"]`);
      if (note && figure.note) note.textContent = figure.note;
    }
    const progress = document.querySelector('[data-progress="steps"]');
    const steps = today.figures.steps.value || 0;
    if (progress) progress.value = Math.round(steps);
    const stepsNote = document.querySelector('[data-note="steps"]');
    if (stepsNote) {
      const share = Math.round(Math.min(1, steps / today.stepGoal) * 100);
      stepsNote.textContent = `${share} % of ${today.stepGoal.toLocaleString("en-US")} steps`;
    }
    main.dataset.refreshed = String(Date.now());
  }
  const source = new EventSource(main.dataset.live);
  source.addEventListener("open", () => { if (status) status.textContent = "Live"; main.dataset.liveReady = "true"; });
  source.addEventListener("error", () => { if (status) status.textContent = "Reconnecting…"; });
  source.addEventListener("change", () => {
    if (!pending) pending = setTimeout(() => refresh().catch(() => {}), 50);
  });
})();

(function tooltips() {
  const tip = document.createElement("div");
  tip.id = "tooltip";
  tip.hidden = true;
  tip.setAttribute("role", "tooltip");
  document.body.appendChild(tip);
  function show(event) {
    const title = event.target.querySelector && event.target.querySelector(":scope > title");
    if (!title || event.target.tagName.toLowerCase() === "svg") { tip.hidden = true; return; }
    tip.textContent = title.textContent;
    tip.hidden = false;
    tip.style.left = `${Math.min(event.clientX + 12, window.innerWidth - tip.offsetWidth - 4)}px`;
    tip.style.top = `${event.clientY + 12}px`;
  }
  for (const chart of document.querySelectorAll("svg.chart")) {
    chart.addEventListener("mousemove", show);
    chart.addEventListener("mouseleave", () => { tip.hidden = true; });
  }
})();

(function upload() {
  const form = document.getElementById("import-form");
  if (!form) return;
  const file = document.getElementById("import-file");
  const box = document.getElementById("import-progress");
  const uploadBar = document.getElementById("upload-bar");
  const importBar = document.getElementById("import-bar");
  const status = document.getElementById("import-status");
  const summary = document.getElementById("import-summary");
  function say(text) { status.textContent = text; }
  function show(report) {
    const list = summary.querySelector("dl");
    list.textContent = "";
    const rows = [["Records read", report.records], ["Samples added", report.inserted],
      ["Already present", report.alreadyPresent], ["Workouts", report.workouts], ["Skipped", report.skipped],
      ["Issues", report.issues]];
    for (const [name, value] of rows) {
      const term = document.createElement("dt"); term.textContent = name;
      const detail = document.createElement("dd"); detail.textContent = Number(value).toLocaleString("en-US");
      detail.dataset.summary = name;
      list.append(term, detail);
    }
    summary.hidden = false;
  }
  async function follow(job) {
    for (;;) {
      const answer = await fetch(`/dashboard/api/import/${encodeURIComponent(job)}`, { cache: "no-store" });
      const state = await answer.json();
      if (!answer.ok) { say(state.detail || "The import could not be followed."); return; }
      if (state.status === "finished") { importBar.value = 100; say("Import finished."); show(state.report); return; }
      if (state.status === "failed") { say(`The import failed: ${state.problem.detail}`); return; }
      const progress = state.progress;
      if (progress && progress.totalBytes) importBar.value = Math.floor(100 * progress.bytesRead / progress.totalBytes);
      say(progress ? `Importing… ${progress.recordsRead.toLocaleString("en-US")} records read` : "Importing…");
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!file.files.length) return;
    box.hidden = false;
    summary.hidden = true;
    uploadBar.value = 0; importBar.value = 0;
    say("Uploading…");
    const request = new XMLHttpRequest();
    request.open("POST", "/dashboard/api/import");
    request.setRequestHeader("Content-Type", "application/octet-stream");
    request.upload.addEventListener("progress", (progress) => {
      if (progress.lengthComputable) uploadBar.value = Math.floor(100 * progress.loaded / progress.total);
    });
    request.addEventListener("load", () => {
      let answer = {};
      try { answer = JSON.parse(request.responseText); } catch (error) { answer = {}; }
      if (request.status !== 202) { say(answer.detail || `The upload was refused (${request.status}).`); return; }
      uploadBar.value = 100;
      follow(answer.job).catch(() => say("The import could not be followed."));
    });
    request.addEventListener("error", () => say("The upload failed."));
    request.send(file.files[0]);
  });
})();
