/**
 * public/js/search-widget.js
 *
 * Instant search box for the help center. Fetches suggestions from the API
 * and renders them below the input. Runs in the browser (no bundler).
 */
(function (window, document) {
  'use strict';

  var API = '/api/help/search';
  var DEBOUNCE_MS = 180;

  function debounce(fn, wait) {
    var t;
    return function () {
      var args = arguments;
      clearTimeout(t);
      t = setTimeout(function () {
        fn.apply(null, args);
      }, wait);
    };
  }

  function highlight(container, text, term) {
    var idx = term ? text.toLowerCase().indexOf(term.toLowerCase()) : -1;
    if (idx === -1) {
      container.appendChild(document.createTextNode(text));
      return;
    }
    container.appendChild(document.createTextNode(text.slice(0, idx)));
    var mark = document.createElement('mark');
    mark.textContent = text.slice(idx, idx + term.length);
    container.appendChild(mark);
    container.appendChild(document.createTextNode(text.slice(idx + term.length)));
  }

  function renderResults(list, results, term) {
    list.replaceChildren();
    results.forEach(function (item) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      var url = new URL(item.url, window.location.origin);
      a.href = url.origin === window.location.origin ? url.pathname + url.search : '#';
      highlight(a, item.title, term);
      li.appendChild(a);
      if (item.snippetHtml) {
        var snippet = document.createElement('p');
        snippet.className = 'snippet';
        snippet.innerHTML = window.DOMPurify.sanitize(item.snippetHtml, { ALLOWED_TAGS: ['em', 'strong', 'code'] });
        li.appendChild(snippet);
      }
      list.appendChild(li);
    });
  }

  function showEmpty(list, term) {
    list.innerHTML = '<li class="empty">No results for <q></q></li>';
    list.querySelector('q').textContent = term;
  }

  function init(root) {
    var input = root.querySelector('input[type=search]');
    var list = root.querySelector('ul.results');
    var status = root.querySelector('.status');

    var params = new URLSearchParams(window.location.search);
    if (params.has('q')) {
      input.value = params.get('q');
    }

    var run = debounce(function () {
      var term = input.value.trim();
      if (term.length < 2) {
        list.replaceChildren();
        return;
      }
      status.textContent = 'Searching for ' + term + '…';
      fetch(API + '?q=' + encodeURIComponent(term), { credentials: 'same-origin' })
        .then(function (r) {
          return r.json();
        })
        .then(function (data) {
          status.textContent = '';
          if (!data.results.length) return showEmpty(list, term);
          renderResults(list, data.results, term);
        })
        .catch(function () {
          status.textContent = 'Search is unavailable right now.';
        });
    }, DEBOUNCE_MS);

    input.addEventListener('input', run);
    if (input.value) run();
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.querySelectorAll('[data-help-search]').forEach(init);
  });
})(window, document);
