// RuleCheck preview — the panels beside the form (why?, gates, values), the rules' errors and
// live reload, the controls of the bar, and the start.
"use strict";

async function explain(path) {
  try {
    const answer = await api("GET", "/v1/forms/" + app.formId + "/explain?field=" + encodeURIComponent(path));
    $("#why").textContent = answer.text;
  } catch (error) {
    $("#why").textContent = error.message;
  }
}

/// A gate's action: the values checked again on the server, as a backend does on submit.
async function runGate(name) {
  const record = JSON.parse($("#values").textContent);
  const query = "?rules=" + encodeURIComponent(app.rules) + "&today=" + encodeURIComponent($("#today").value)
    + "&locale=" + encodeURIComponent($("#locale").value);
  const box = $("#check-result");
  box.hidden = false;
  try {
    const report = await api("POST", "/v1/check" + query, record);
    // The gate's own fields (a list item's field counts under its template: drivers[0].x is drivers.x).
    const covered = new Set((app.layout.gate_fields || {})[name] || []);
    const mine = report.violations.filter((v) => covered.has(v.field.replace(/\[\d+\]/g, "")));
    const lines = mine.map((v) => v.field + ": " + v.message + " [" + v.code + "]");
    const elsewhere = report.violations.length - mine.length;
    box.textContent = "“" + name + "”: POST /v1/check of the values finds " + mine.length + " problems in the gate's fields"
      + (elsewhere ? " (and " + elsewhere + " elsewhere in the form)" : "") + (lines.length ? "\n" + lines.join("\n") : "");
  } catch (error) {
    box.textContent = error.message;
  }
}

function showRulesErrors(text) {
  app.broken = !!text;
  const box = $("#rules-errors");
  box.hidden = !text;
  $("#rules-errors-text").textContent = text || "";
  $("#form").hidden = !!text;
  $("#sections").hidden = !!text || document.body.classList.contains("paged");
  $("#pages").hidden = !!text || !document.body.classList.contains("paged");
  $("#pager").hidden = !!text || !document.body.classList.contains("paged");
  const status = $("#rules-status");
  status.dataset.status = text ? "error" : "ok";
  status.textContent = text ? "rules do not compile" : (app.rules || "") + (app.version ? " · " + app.version.slice(0, 8) : "");
}

// ---------------------------------------------------------------- live reload

async function watchRules() {
  try {
    const answer = await api("GET", "/v1/rules");
    const entry = answer.rules.find((r) => r.name === app.rules) || answer.rules[0];
    if (entry) {
      if (entry.errors) {
        showRulesErrors(entry.errors);
      } else if (entry.version !== app.version || !app.formId) {
        app.rules = entry.name;
        await switchForm({ from: true });
      } else if (app.broken) {
        showRulesErrors(null);
      }
    }
  } catch (error) {
    $("#rules-status").dataset.status = "offline";
    $("#rules-status").textContent = "server not answering";
  }
  setTimeout(watchRules, 400);
}

// ---------------------------------------------------------------- controls

function controls() {
  $("#today").value = config.today || "";
  // Empty: the rules' own locale (defaults.locale), else en; the form's answer fills it in.
  $("#locale").value = config.locale || "";
  const again = (event) => { if (event.target.value.trim()) switchForm({ from: true }).catch(() => {}); };
  $("#today").addEventListener("change", again);
  $("#locale").addEventListener("change", again);
  $("#show-hidden").addEventListener("change", (event) => document.body.classList.toggle("show-hidden", event.target.checked));
  $("#touch-all").addEventListener("click", () => enqueue({ touch_all: true }));
  $("#reset").addEventListener("click", () => enqueue({ reset: true }));
  pageControls();
  window.addEventListener("pagehide", () => {
    if (app.formId) fetch("/v1/forms/" + app.formId, { method: "DELETE", keepalive: true }).catch(() => {});
  });
}

async function start() {
  controls();
  await switchForm(config.record ? { record: config.record } : {}).catch(() => {});
  watchRules();
}

start();
