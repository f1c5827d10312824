/* The print page's "Start a table and print its pack": sends the new table's fields as the
   JSON body POST /api/v1/games/<game>/sessions takes, to the printables' POST pack route,
   which creates the table and answers its pack (201, Location: the session). The PDF is
   shown from a blob URL; the edit token (X-Edit-Token, sent to this page only) is kept
   where the table's page keeps it, so this phone keeps score. Without script the form
   stays hidden and the page says it needs JavaScript. */
"use strict";
(function () {
  var form = document.querySelector("[data-print-pack]");
  if (!form || !window.fetch || !window.URL || !URL.createObjectURL) return;
  var prefix = form.dataset.prefix || "";
  var note = document.querySelector("[data-print-needs-js]");
  var button = form.querySelector("[data-print-start]");
  var status = form.querySelector("[data-print-status]");
  var problem = form.querySelector("[data-print-problem]");
  var done = form.querySelector("[data-print-done]");
  var blobUrl = null;
  if (note) note.hidden = true;
  form.hidden = false;

  /* "table.seats.0.name" = "Ann" → {seats: [{name: "Ann"}]}; numbers as numbers, a ticked
     switch as true; blanks left out so the server's defaults apply. */
  function body() {
    var out = {}, lists = {};
    Array.prototype.forEach.call(form.querySelectorAll("[data-list]"), function (list) {
      lists[list.dataset.list.slice(prefix.length)] = true;
    });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.disabled || el.name.indexOf(prefix) !== 0) return;
      if ((el.type === "checkbox" || el.type === "radio") && !el.checked) return;
      var parts = el.name.slice(prefix.length).split(".");
      var value = el.type === "checkbox" ? true : el.type === "number" ? Number(el.value) : el.value;
      var last = parts.pop(), target = out;
      parts.forEach(function (part) { target = target[part] = target[part] || {}; });
      if (last === "_row" || el.value === "") return;  // a row exists even with nothing typed
      target[last] = value;
    });
    Object.keys(lists).forEach(function (name) {
      var rows = out[name] || {};
      out[name] = Object.keys(rows).sort(function (a, b) { return a - b; })
        .map(function (key) { return rows[key]; });
    });
    return out;
  }

  function say(text) { status.textContent = text; }

  function showProblem(answer) {
    var errors = answer.errors || {};
    var items = Object.keys(errors).map(function (name) {
      return "<li>" + escapeText(name === "_body" ? "" : name + ": ") + escapeText([].concat(errors[name]).join(" ")) + "</li>";
    });
    problem.innerHTML = "<h3>Check these</h3><p>" + escapeText(answer.detail || answer.title || "The table was not started.") +
      "</p>" + (items.length ? "<ul>" + items.join("") + "</ul>" : "");
    problem.hidden = false;
    say("");
  }

  function escapeText(text) {
    var span = document.createElement("span");
    span.textContent = String(text);
    return span.innerHTML;
  }

  function ready(response, blob) {
    var code = (response.headers.get("Location") || "").split("?")[0].split("/").pop();
    var token = response.headers.get("X-Edit-Token");
    var page = form.dataset.sessionPage.replace(/CODE$/, encodeURIComponent(code));
    var name = (/filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "") || [])[1] || "pack.pdf";
    if (token) {
      try { localStorage.setItem("lairside:token:" + code, token); } catch (e) { /* private mode: the link carries it */ }
    }
    if (blobUrl) URL.revokeObjectURL(blobUrl);
    blobUrl = URL.createObjectURL(blob);
    form.querySelector("[data-print-pdf]").href = blobUrl;
    var save = form.querySelector("[data-print-download]");
    save.href = blobUrl;
    save.setAttribute("download", name);
    /* The token rides in the fragment, as after "Start the table": never sent to the server. */
    form.querySelector("[data-print-session]").href = page + (token ? "#token=" + encodeURIComponent(token) : "");
    done.hidden = false;
    say("Table " + code + " started. Open the pack to print it; this phone keeps score.");
    form.querySelector("[data-print-pdf]").focus();
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    problem.hidden = true;
    done.hidden = true;
    button.disabled = true;
    say("Starting the table and drawing its pack…");
    fetch(form.dataset.packUrl, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "Accept": "application/pdf, application/problem+json" },
      body: JSON.stringify(body())
    }).then(function (response) {
      if (response.status === 201) {
        return response.blob().then(function (blob) { ready(response, blob); });
      }
      return response.json().then(showProblem, function () {
        showProblem({ detail: "The server answered " + response.status + "; try again." });
      });
    }).catch(function () {
      showProblem({ detail: "No connection to the server: the table lives there, so starting one needs it." });
    }).then(function () { button.disabled = false; });
  });
})();
