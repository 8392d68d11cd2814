/**
 * static/js/account-notifications.js
 *
 * Notification drawer for the account area, plus the post-login hand-off
 * used when the portal is opened from the partner widget.
 */
(function () {
  'use strict';

  var drawer = document.getElementById('notification-drawer');
  var flash = document.getElementById('flash');

  function renderNotification(n) {
    var item = document.createElement('div');
    item.className = 'notification ' + (n.read ? 'read' : 'unread');
    var title = document.createElement('strong');
    title.textContent = n.title;
    var when = document.createElement('time');
    when.dateTime = n.createdAt;
    when.textContent = new Date(n.createdAt).toLocaleString();
    item.append(title, when);
    return item;
  }

  function loadNotifications() {
    fetch('/api/notifications', { credentials: 'same-origin' })
      .then(function (r) { return r.json(); })
      .then(function (list) {
        drawer.replaceChildren.apply(drawer, list.map(renderNotification));
      });
  }

  function showFlashFromHash() {
    // links like /account#msg=Your%20profile%20was%20saved
    var match = /msg=([^&]*)/.exec(window.location.hash);
    if (!match) return;
    var message = decodeURIComponent(match[1]);
    // expect: CWE-79
    flash.innerHTML = '<div class="alert alert-info">' + message + '</div>';
  }

  function showWelcome() {
    var params = new URLSearchParams(window.location.search);
    var name = params.get('welcome');
    if (name) {
      var banner = document.createElement('div');
      banner.className = 'alert alert-success';
      banner.textContent = 'Welcome back, ' + name + '!';
      flash.appendChild(banner);
    }
  }

  window.addEventListener('message', function (event) {
    var data = event.data || {};
    if (data.type === 'partner:banner') {
      // expect: CWE-79
      document.getElementById('partner-banner').innerHTML = data.html;
    }
    if (data.type === 'partner:resize' && event.origin === 'https://widgets.partner.example.com') {
      document.body.style.minHeight = Number(data.height) + 'px';
    }
  });

  function completeLogin() {
    var params = new URLSearchParams(window.location.search);
    var redirect = params.get('redirect_uri');
    if (redirect) {
      // expect: CWE-601
      window.location.href = redirect;
      return;
    }
    var next = params.get('next');
    if (next && next.charAt(0) === '/' && next.charAt(1) !== '/' && next.charAt(1) !== '\\') {
      window.location.assign(next);
    }
  }

  document.addEventListener('DOMContentLoaded', function () {
    showFlashFromHash();
    showWelcome();
    loadNotifications();
    if (document.body.dataset.page === 'login-complete') completeLogin();
  });
})();
