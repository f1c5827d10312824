/* Before the first paint: the theme this phone picked (light or dark); without a pick the
   page follows the phone's own setting (prefers-color-scheme, in app.css). */
try {
  var lairsideTheme = localStorage.getItem("lairside:theme");
  if (lairsideTheme === "light" || lairsideTheme === "dark") {
    document.documentElement.dataset.theme = lairsideTheme;
  }
} catch (e) { /* storage blocked: follow the phone */ }
