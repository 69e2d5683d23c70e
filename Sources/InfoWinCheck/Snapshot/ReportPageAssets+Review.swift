import InfoWinKit

/// The report page's approve buttons, shown only when `infowin review` serves the page: it puts the run's
/// token into the page's head (`CheckReports.reviewPage`), and the script sends it with every approval.
/// From file:// there is no token, and the page shows no button.
extension ReportPageAssets {
    /// The name of the `<meta>` that carries the review token.
    static let reviewTokenMeta = "infowin-review-token"

    static let reviewCSS = #"""
        .approve { font: inherit; font-size: 13px; font-weight: 600; padding: 2px 12px; margin-left: 8px; border: 1px solid var(--green);
          border-radius: 4px; background: #fff; color: var(--green); cursor: pointer; vertical-align: 1px; }
        .approve:hover:not(:disabled) { background: #e6f4ea; }
        .approve:disabled { cursor: default; opacity: .6; }
        .entry.approved .approve { background: var(--green); color: #fff; opacity: 1; }
        .entry.approved h2 .badge:first-child { background: var(--green); }
        #review { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 6px 0 0; }
        #review .approve { margin-left: 0; }
        #review-status { color: var(--muted); overflow-wrap: anywhere; } #review-status.failed { color: var(--red); font-weight: 600; }
        """#

    static let reviewScript = #"""
        (function () {
          'use strict';
          var meta = document.querySelector('meta[name="\#(reviewTokenMeta)"]');
          if (!meta || !meta.content || !/^https?:$/.test(location.protocol)) { return; }
          var token = meta.content;
          var failures = Array.prototype.slice.call(document.querySelectorAll('.entry'));
          // A failure without an actual image (a spec that could not be rendered) has nothing to approve.
          var entries = failures.filter(function (element) { return element.querySelector('img.actual') !== null; });
          var review = document.createElement('p');
          review.id = 'review';
          var all = document.createElement('button');
          all.type = 'button';
          all.id = 'approve-all';
          all.className = 'approve';
          all.textContent = 'approve all shown';
          all.title = 'copy the actual image and layout report of every failure shown over its golden';
          var status = document.createElement('span');
          status.id = 'review-status';
          status.setAttribute('role', 'status');
          status.textContent = 'Approving copies a failure\'s actual image and layout report over its golden; commit the goldens afterwards.';
          review.appendChild(all);
          review.appendChild(status);
          document.querySelector('header').appendChild(review);

          failures.forEach(function (element) {
            var button = document.createElement('button');
            button.type = 'button';
            button.className = 'approve';
            button.textContent = 'approve';
            if (entries.indexOf(element) < 0) {
              button.disabled = true;
              button.title = 'nothing to approve: this spec was not rendered';
            } else {
              button.title = 'copy the actual image and layout report over the golden';
              button.addEventListener('click', function (event) { event.stopPropagation(); approve([element]); });
            }
            element.querySelector('h2').appendChild(button);
          });

          function pending() {
            return entries.filter(function (element) { return !element.hidden && !element.classList.contains('approved'); });
          }

          function report(text, failed) {
            status.textContent = text;
            status.className = failed ? 'failed' : '';
          }

          function approve(elements) {
            if (elements.length === 0) { report('No failure shown is waiting for approval.', false); return; }
            var buttons = elements.map(function (element) { return element.querySelector('.approve'); }).concat([all]);
            buttons.forEach(function (button) { button.disabled = true; });
            // A group's entry approves every render of it: the first and those under it.
            var names = [];
            elements.forEach(function (element) {
              names.push(element.querySelector('.name').textContent);
              element.querySelectorAll('.variant-name').forEach(function (variant) { names.push(variant.textContent); });
            });
            fetch('\#(CheckReports.approvePath)', {
              method: 'POST', credentials: 'same-origin', cache: 'no-store',
              headers: { 'Content-Type': 'application/json', '\#(CheckReports.reviewTokenHeader)': token },
              body: JSON.stringify({ names: names })
            }).then(function (response) {
              return response.json().then(function (body) { return { ok: response.ok, body: body }; });
            }).then(function (answer) {
              if (!answer.ok) { throw new Error(answer.body.detail || answer.body.title || 'the approval was refused'); }
              var files = [];
              elements.forEach(function (element) {
                element.classList.add('approved');
                var button = element.querySelector('.approve');
                button.textContent = 'approved';
                button.disabled = true;
              });
              answer.body.approved.forEach(function (change) { files = files.concat(change.files); });
              report('Approved ' + names.length + ': wrote ' + files.join(', ') + '.', false);
              all.disabled = false;
            }).catch(function (error) {
              elements.forEach(function (element) { element.querySelector('.approve').disabled = false; });
              all.disabled = false;
              report('Not approved: ' + error.message, true);
            });
          }

          all.addEventListener('click', function () { approve(pending()); });
        }());
        """#
}
