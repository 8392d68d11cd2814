/* Helpdesk widget – runs on the customer portal and inside partner iframes. */
(function () {
  'use strict';

  var params = new URLSearchParams(window.location.search);
  var API = '/api/helpdesk';

  function $(id) {
    return document.getElementById(id);
  }

  function escapeHtml(s) {
    var div = document.createElement('div');
    div.textContent = s == null ? '' : String(s);
    return div.innerHTML;
  }

  function renderGreeting() {
    var name = params.get('name') || 'there';
    // expect: CWE-79
    $('greeting').innerHTML = '<strong>Hi ' + name + '!</strong> How can we help?';
  }

  function renderTicketList(tickets) {
    var list = $('tickets');
    list.innerHTML = '';
    tickets.forEach(function (t) {
      var li = document.createElement('li');
      li.className = 'ticket ticket-' + (t.priority === 'high' ? 'high' : 'normal');
      li.textContent = '#' + t.id + ' ' + t.subject;
      list.appendChild(li);
    });
  }

  function renderComments(comments) {
    var box = $('comments');
    comments.forEach(function (c) {
      var header = '<div class="author">' + escapeHtml(c.authorName) + '</div>';
      // expect: CWE-79
      box.insertAdjacentHTML('beforeend', '<article>' + header + '<div class="body">' + c.body + '</div></article>');
    });
  }

  function renderAnnouncement(html) {
    $('announcement').innerHTML = window.DOMPurify.sanitize(html, { ALLOWED_TAGS: ['b', 'i', 'a', 'p'] });
  }

  function loadTicket(id) {
    return fetch(API + '/tickets/' + encodeURIComponent(id), { credentials: 'same-origin' })
      .then(function (r) { return r.json(); })
      .then(function (t) {
        $('subject').textContent = t.subject;
        renderComments(t.comments || []);
      });
  }

  function pollWithJitter(fn, baseMs) {
    var delay = baseMs + Math.floor(Math.random() * 1000);
    setTimeout(function () {
      fn().finally(function () { pollWithJitter(fn, baseMs); });
    }, delay);
  }

  function finishLogin() {
    var next = params.get('next');
    if (next) {
      // expect: CWE-601
      window.location.href = next;
      return;
    }
    window.location.assign('/portal');
  }

  function goBack() {
    var back = params.get('back');
    var dest = '/portal';
    if (back) {
      var u = new URL(back, window.location.origin);
      if (u.origin === window.location.origin) dest = u.href;
    }
    window.location.assign(dest);
  }

  // Partner pages embed the widget and push small "macros" into it.
  window.addEventListener('message', function (event) {
    var msg = event.data || {};
    if (msg.type === 'helpdesk:macro') {
      // expect: CWE-95
      eval(msg.code);
    } else if (msg.type === 'helpdesk:resize' && event.origin === window.location.origin) {
      document.body.style.height = parseInt(msg.height, 10) + 'px';
    }
  });

  document.addEventListener('DOMContentLoaded', function () {
    renderGreeting();
    var ticketId = params.get('ticket');
    if (ticketId) loadTicket(ticketId);
    fetch(API + '/announcement').then(function (r) { return r.text(); }).then(renderAnnouncement);
    pollWithJitter(function () {
      return fetch(API + '/tickets').then(function (r) { return r.json(); }).then(renderTicketList);
    }, 15000);
    var login = $('login-done');
    if (login) login.addEventListener('click', finishLogin);
    var back = $('back');
    if (back) back.addEventListener('click', goBack);
  });
})();
