// RuleCheck preview — file fields. The value of a file field is what an upload says of each file
// ({"name", "size", "type"}), never its bytes: a file chosen in the file input is read for its
// name, size and media type only, and a file can also be described by hand.
"use strict";

const files = {};   // path -> the files the field holds now

function fileView(path, id) {
  const box = element("div", { class: "files" });
  const list = element("ul", { class: "file-list", "data-files-for": path });
  const picker = element("input", { id, type: "file", "data-input": path, multiple: "" });
  picker.addEventListener("change", () => {
    const chosen = Array.from(picker.files).map((file) => ({
      name: file.name, size: file.size, type: file.type || "application/octet-stream",
    }));
    picker.value = "";
    if (chosen.length) setFiles(path, oneOrMore(path, chosen));
  });
  const manual = element("details", { class: "file-manual" });
  manual.append(element("summary", {}, "Describe a file"));
  const name = element("input", { type: "text", placeholder: "name (front.jpg)", "data-file-name": path });
  const size = element("input", { type: "text", placeholder: "size in bytes", inputmode: "numeric", "data-file-size": path });
  const type = element("input", { type: "text", placeholder: "media type (image/jpeg)", "data-file-type": path });
  const add = element("button", { type: "button", "data-file-add": path }, "Add");
  add.addEventListener("click", () => {
    const bytes = Number(size.value.trim());
    if (!name.value.trim() || !type.value.trim() || !Number.isInteger(bytes) || bytes < 0) {
      notice("A file needs a name, a size in bytes (a whole number) and a media type.", "warning");
      return;
    }
    setFiles(path, oneOrMore(path, [{ name: name.value.trim(), size: bytes, type: type.value.trim() }]));
    name.value = size.value = type.value = "";
  });
  manual.append(name, size, type, add);
  box.append(list, picker, manual);
  return box;
}

/// The files after adding `chosen`: added to those held, or in their place for a field of one file.
function oneOrMore(path, chosen) {
  const metadata = app.metadata[path] || {};
  return metadata.max_items === 1 ? chosen.slice(0, 1) : (files[path] || []).concat(chosen);
}

/// Sends the field's new files; the field is then touched (its issues show), as after leaving it.
function setFiles(path, list) {
  enqueue(list.length ? { set: path, value: list } : { clear: path });
  enqueue({ blur: path });
}

/// Shows the files a field holds, each with a button that removes it.
function showFiles(path, value) {
  const list = $('[data-files-for="' + cssPath(path) + '"]');
  if (!list) return;
  files[path] = Array.isArray(value) ? value : [];
  list.replaceChildren(...files[path].map((file, index) => {
    const item = element("li", { "data-file-index": String(index) });
    item.append(element("span", { class: "file-name" }, file.name),
                element("span", { class: "file-facts" }, " · " + size(file.size) + " · " + file.type + " "));
    const remove = element("button", { type: "button", "data-remove-file": path, "data-index": String(index) }, "Remove");
    remove.addEventListener("click", () => setFiles(path, files[path].filter((_, other) => other !== index)));
    item.append(remove);
    return item;
  }));
}

/// 2400000 -> "2.3 MB" (units of 1024, as max_size counts).
function size(bytes) {
  const units = ["bytes", "KB", "MB", "GB"];
  let value = bytes, unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit++; }
  return (unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0)) + " " + units[unit];
}

/// A file field's controls follow its enabled state.
function enableFiles(path, enabled) {
  const current = row(path);
  if (!current) return;
  for (const control of $$(".files input, .files button", current)) control.disabled = !enabled;
}
