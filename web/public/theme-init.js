(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
    var lang = localStorage.getItem('language');
    if (!lang) lang = (navigator.language || '').toLowerCase().indexOf('de') === 0 ? 'de' : 'en';
    document.documentElement.lang = lang === 'de' ? 'de' : 'en';
  } catch (e) {}
})();
