// RuleCheck preview — the API and the edit queue. The page is a client of `rulecheck serve`'s API
// (POST /v1/forms, POST /v1/forms/{id}/edits): every input is an edit line, as `rulecheck replay`
// reads them, sent in order; each answer is a ChangeSet, applied to the rows it names
// (changes.js). Plain JavaScript, no libraries, no build step; the files share these globals and
// load in order: api.js, form.js, files.js, pages.js, changes.js, main.js.
"use strict";

const config = JSON.parse(document.getElementById("config").textContent);
const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
const cssPath = (path) => CSS.escape(path);

const app = {
  rules: config.rules,     // the rule set's name
  version: null,           // the version the form was made with
  formId: null,
  layout: null,
  fields: {},              // path template -> layout node (drivers.full_name)
  metadata: {},            // path -> the field's metadata (FieldMetadata as JSON)
  queue: [],               // edits waiting to be sent, in order
  sending: false,
  broken: false,
};

async function api(method, path, body, contentType = "application/json") {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers["Content-Type"] = contentType;
  }
  const response = await fetch(path, init);
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = new Error(json && json.error ? json.error.message : response.statusText);
    error.status = response.status;
    error.body = json;
    throw error;
  }
  return json;
}

function notice(text, kind = "info") {
  const box = $("#notice");
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = !text;
}

// ---------------------------------------------------------------- forms

/// Replaces the form by a new one (in turn with the edits: a switch never races an edit).
/// `extra.from === true` means "from the current form, whichever it is by then".
function switchForm(extra = {}) {
  return new Promise((resolve, reject) => {
    app.queue.push({ form: extra, resolve, reject });
    pump();
  });
}

async function newForm(extra = {}) {
  if (extra.from === true) {
    extra = Object.assign({}, extra);
    if (app.formId) extra.from = app.formId; else delete extra.from;
  }
  const body = Object.assign({ today: $("#today").value || undefined, locale: $("#locale").value || undefined }, extra);
  if (app.rules) body.rules = app.rules;
  const previous = app.formId;
  let answer;
  try {
    answer = await api("POST", "/v1/forms", body);
  } catch (error) {
    if (error.status === 409 && error.body && error.body.error.code === "rules_broken") {
      showRulesErrors(error.body.error.details || error.message);
      return;
    }
    if (body.from && error.status === 422) {
      // The draft does not fit the new rules at all (another form id): start afresh.
      notice("The values could not be kept: " + error.message, "warning");
      delete body.from;
      answer = await api("POST", "/v1/forms", body);
    } else {
      throw error;
    }
  }
  app.formId = answer.id;
  app.version = answer.version;
  app.rules = answer.rules;
  // What the form was made with — unless the user is typing another value there right now.
  if (document.activeElement !== $("#today")) $("#today").value = answer.today;
  if (document.activeElement !== $("#locale")) $("#locale").value = answer.locale;
  setDirection(answer.lang, answer.direction);
  render(answer.layout, answer.state);
  if (answer.locale_warning) notice(answer.locale_warning, "warning");
  if (answer.dropped && answer.dropped.length) {
    notice("Not kept: " + answer.dropped.map((d) => d.message).join("; "), "warning");
  } else if (!extra.from && !answer.locale_warning) {
    notice("");
  }
  if (previous && previous !== answer.id) {
    api("DELETE", "/v1/forms/" + previous).catch(() => {});
  }
}

// ---------------------------------------------------------------- sending edits, in order

function enqueue(edit) {
  if (app.broken) return;
  const last = app.queue[app.queue.length - 1];
  if (edit.type !== undefined && last && last.type === edit.type && !last.inFlight) {
    app.queue[app.queue.length - 1] = edit;  // typing faster than answers come: send the latest text
  } else {
    app.queue.push(edit);
  }
  pump();
}

/// Whether more text typed into the field waits to be sent (its answer would be stale).
function stillTyping(path) {
  return app.queue.some((edit) => edit.type === path && !edit.inFlight);
}

async function pump() {
  if (app.sending) return;
  app.sending = true;
  try {
    while (app.queue.length) {
      const edit = app.queue[0];
      if (edit.form) {
        try {
          await newForm(edit.form);
          edit.resolve();
        } catch (error) {
          notice(error.message, "error");
          edit.reject(error);
        }
        app.queue.shift();
        continue;
      }
      if (!app.formId || app.broken) {
        app.queue.shift();
        continue;
      }
      edit.inFlight = true;
      const body = Object.assign({}, edit);
      delete body.inFlight;
      try {
        const answer = await api("POST", "/v1/forms/" + app.formId + "/edits", body);
        app.queue.shift();
        applyAnswer(answer, body);
      } catch (error) {
        app.queue.shift();
        if (error.status === 404 && error.body && error.body.error.code === "form_not_found") {
          app.queue = app.queue.filter((queued) => queued.form);
          notice("The form expired on the server; starting a new one.", "warning");
          app.formId = null;
          await newForm();
        } else {
          notice(error.message, "error");
          if (edit.type !== undefined) resync(edit.type);
        }
      }
    }
  } finally {
    app.sending = false;
  }
}

/// After a refused edit, show what the engine holds.
async function resync(path) {
  try {
    const answer = await api("GET", "/v1/forms/" + app.formId);
    const field = answer.state.fields[path];
    if (field) setValue(path, field.value, field.display, field.input);
  } catch (error) {
    notice(error.message, "error");
  }
}

/// The page's language and direction: a Persian or Arabic form (its rules' locale or its
/// messages') is laid out right to left; the CSS is written with logical properties, so the
/// layout mirrors.
function setDirection(lang, direction) {
  const root = document.documentElement;
  if (lang) root.lang = lang;
  root.dir = direction === "rtl" ? "rtl" : "ltr";
}
