/* The start page's deal (issue 43, item 4): what the setup deals where the table leaves it
   out (a seat's Named Henchman, Loser Lad) is asked of the server for the form as it stands,
   and shown in each dealt field's blank choice ("Dealt: Azura Badeau"): the host sees the
   deal and changes any of it in one tap. The server deals from the same form and the same
   seed when the table starts, so the deal shown is the deal made. Without script the page
   still starts the table, and the table's page shows what was dealt. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-deal-url]");
  if (!form || !window.fetch || !window.FormData) return;
  var timer = null, asked = 0;
  function show(dealt) {
    var rows = Array.prototype.slice.call(form.querySelectorAll("[data-seat-list] [data-row]"));
    Array.prototype.forEach.call(form.querySelectorAll("[data-dealt]"), function (el) {
      var row = el.closest("[data-row]"), key = el.name;
      if (row) { key = key.replace(/^([^.]+)\.[^.]+\./, "$1." + rows.indexOf(row) + "."); }
      var text = dealt[key] ? "Dealt: " + dealt[key] : "";
      if (el.tagName === "SELECT") {
        el.dataset.dealtText = text;
        var blank = el.options[0];
        if (blank && blank.value === "") { blank.textContent = text || "Dealt when the table starts"; }
      } else {
        el.placeholder = text;
      }
    });
  }
  function ask() {
    var mine = ++asked;
    fetch(form.dataset.dealUrl, {method: "POST", body: new FormData(form), cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (j) { if (j && mine === asked) { show(j.dealt || {}); } }, function () { /* offline: no preview */ });
  }
  function later() { clearTimeout(timer); timer = setTimeout(ask, 300); }
  form.addEventListener("input", later);
  form.addEventListener("change", later);
  form.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-add-row], [data-remove-row]")) { later(); }
  });
  ask();
})();
