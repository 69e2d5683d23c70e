import InfoWinKit

/// The style and the script of the report page, inline in it so that it needs no server and no network.
/// The script only reads the page (no data is put into it), so no text from a spec can become code.
enum ReportPageAssets {
    static let css = #"""
        :root { color-scheme: light; --line: #dadce0; --ink: #202124; --muted: #5f6368; --red: #d93025; --amber: #b06000; --green: #188038; --blue: #1a73e8; }
        * { box-sizing: border-box; }
        body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: var(--ink); background: #fff; }
        header { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line); padding: 12px 16px; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        main { padding: 0 16px 40vh; }
        .totals, .keys { margin: 2px 0; color: var(--muted); }
        kbd { font: 12px ui-monospace, monospace; border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 3px; padding: 0 4px; }
        #filters { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; margin: 6px 0; }
        #filters .status { white-space: nowrap; } .count { color: var(--muted); }
        #search { flex: 1 1 240px; max-width: 480px; font: inherit; padding: 4px 8px; border: 1px solid var(--line); border-radius: 4px; }
        .entry { border-top: 1px solid var(--line); padding: 12px 0 16px; content-visibility: auto; contain-intrinsic-size: auto 480px; scroll-margin-top: 130px; }
        .entry.current { box-shadow: inset 4px 0 0 var(--blue); padding-left: 12px; }
        .entry h2 { font-size: 16px; margin: 0 0 4px; overflow-wrap: anywhere; }
        .messages { margin: 4px 0; padding-left: 20px; } .messages li:first-child { font-weight: 600; }
        .messages li { overflow-wrap: anywhere; }
        .badge { display: inline-block; color: #fff; background: var(--red); border-radius: 4px; padding: 0 6px; font-size: 12px; font-weight: 600; vertical-align: 2px; }
        .badge.recorded { background: var(--amber); } .badge.error { background: #a50e0e; }
        .shard { color: var(--muted); font-size: 12px; font-weight: normal; }
        .links { color: var(--muted); font-size: 13px; }
        .toolbar { display: flex; flex-wrap: wrap; gap: 4px; margin: 6px 0; } .toolbar .gap { width: 16px; }
        .toolbar button { font: inherit; font-size: 13px; padding: 2px 10px; border: 1px solid var(--line); border-radius: 4px; background: #fff; cursor: pointer; }
        .toolbar button[aria-pressed="true"] { background: #e8f0fe; border-color: var(--blue); color: #174ea6; }
        .toolbar button:disabled { opacity: .4; cursor: default; }
        .side { display: grid; grid-template-columns: repeat(auto-fit, minmax(0, 1fr)); gap: 12px; width: 100%; }
        .pane { margin: 0; min-width: 0; } figcaption { font-weight: 600; margin-bottom: 2px; }
        .scroller { overflow: auto; max-height: 80vh; border: 1px solid var(--line); }
        .frame { position: relative; display: inline-block; line-height: 0; max-width: 100%; vertical-align: top;
          background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        img.shot { display: block; max-width: 100%; height: auto; }
        .entry:not([data-zoom="fit"]) .frame, .entry:not([data-zoom="fit"]) img.shot { max-width: none; }
        .entry[data-zoom="2"] img.shot { zoom: 2; image-rendering: pixelated; }
        .entry[data-zoom="4"] img.shot { zoom: 4; image-rendering: pixelated; }
        .frame::after { content: ""; position: absolute; inset: 0; pointer-events: none; display: none;
          background-image: linear-gradient(to right, rgba(0,0,0,.18) 1px, transparent 1px), linear-gradient(to bottom, rgba(0,0,0,.18) 1px, transparent 1px); }
        .entry[data-zoom="2"] .frame::after { display: block; background-size: 2px 2px; }
        .entry[data-zoom="4"] .frame::after { display: block; background-size: 4px 4px; }
        .entry:not([data-view="side"]) .side { display: none; }
        .compare { display: none; } .entry[data-view="swipe"] .compare, .entry[data-view="onion"] .compare { display: block; }
        .stage { position: relative; display: inline-block; line-height: 0; }
        .stage .top { position: absolute; inset: 0; max-width: none; }
        .stage .top img.shot { zoom: 1; width: 100%; height: 100%; max-width: none; }
        .entry[data-view="swipe"] .stage .top { clip-path: inset(0 0 0 var(--cut, 50%)); }
        .entry[data-view="onion"] .stage .top { opacity: var(--fade, .5); }
        .stage .line { position: absolute; top: 0; bottom: 0; left: var(--cut, 50%); width: 2px; margin-left: -1px; background: var(--blue); display: none; }
        .entry[data-view="swipe"] .stage .line { display: block; }
        .slider { display: flex; align-items: center; gap: 8px; margin: 6px 0; max-width: 640px; }
        .slider input { flex: 1; }
        #passed { border-top: 1px solid var(--line); padding: 12px 0; } #passed summary { cursor: pointer; font-weight: 600; }
        .passed-list { margin: 6px 0; padding-left: 20px; columns: 2 360px; } .passed-row { break-inside: avoid; }
        .passed-row .name { margin-right: 6px; }
        .cause { margin: 0 0 4px; font-weight: 600; color: var(--red); overflow-wrap: anywhere; }
        .variants { margin: 6px 0; } .variants summary { cursor: pointer; color: var(--blue); }
        .variant-list { margin: 4px 0; padding-left: 20px; } .variant { margin: 4px 0; overflow-wrap: anywhere; }
        .variant-name { font-weight: 600; margin-right: 6px; } .variant-messages { display: block; color: var(--muted); }
        .thumb img { max-width: 160px; max-height: 120px; margin: 2px 6px 0 0; border: 1px solid var(--line); }
        """#

    static let script = #"""
        (function () {
          'use strict';
          var entries = Array.prototype.slice.call(document.querySelectorAll('.entry'));
          var rows = Array.prototype.slice.call(document.querySelectorAll('.passed-row'));
          var boxes = Array.prototype.slice.call(document.querySelectorAll('#filters input[type=checkbox]'));
          var search = document.getElementById('search');
          var shown = document.getElementById('shown');
          var passed = document.getElementById('passed');
          var passedCount = document.getElementById('passed-count');
          var texts = new Map();
          var current = null;
          var zooms = ['fit', '1', '2', '4'];

          function textOf(element) {
            var text = texts.get(element);
            if (text === undefined) {
              var messages = element.querySelector('.messages');
              var cause = element.querySelector('.cause'), variants = element.querySelector('.variants');
              text = (element.querySelector('.name').textContent + '\n' + (messages ? messages.textContent : '')
                + (cause ? '\n' + cause.textContent : '') + (variants ? '\n' + variants.textContent : '')).toLowerCase();
              texts.set(element, text);
            }
            return text;
          }

          function applyFilters() {
            var allowed = {};
            boxes.forEach(function (box) { allowed[box.value] = box.checked; });
            var query = search.value.trim().toLowerCase();
            var match = function (element) {
              return allowed[element.dataset.status] === true && (query === '' || textOf(element).indexOf(query) >= 0);
            };
            var count = 0, passedShown = 0;
            entries.forEach(function (element) { var ok = match(element); element.hidden = !ok; if (ok) { count++; } });
            rows.forEach(function (element) { var ok = match(element); element.hidden = !ok; if (ok) { passedShown++; } });
            if (passed) { passed.hidden = passedShown === 0; passedCount.textContent = String(passedShown); }
            shown.textContent = String(count + passedShown);
            if (current && current.hidden) { setCurrent(null, false); }
          }

          var pending = 0;
          search.addEventListener('input', function () { clearTimeout(pending); pending = setTimeout(applyFilters, 120); });
          boxes.forEach(function (box) { box.addEventListener('change', applyFilters); });

          function setCurrent(element, scroll) {
            if (current) { current.classList.remove('current'); }
            current = element;
            if (element) {
              element.classList.add('current');
              if (scroll) { element.scrollIntoView({ block: 'start' }); }
            }
          }

          function step(direction) {
            var visible = entries.filter(function (element) { return !element.hidden; });
            if (visible.length === 0) { return; }
            var index = current ? visible.indexOf(current) : -1;
            index = index < 0 ? (direction > 0 ? 0 : visible.length - 1) : Math.min(visible.length - 1, Math.max(0, index + direction));
            setCurrent(visible[index], true);
          }

          function pressed(element, attribute, value) {
            element.querySelectorAll('[' + attribute + ']').forEach(function (button) {
              button.setAttribute('aria-pressed', String(button.getAttribute(attribute) === value));
            });
          }

          function buildCompare(element) {
            var compare = element.querySelector('.compare');
            if (compare) { return compare; }
            var expected = element.querySelector('img.expected'), actual = element.querySelector('img.actual');
            compare = document.createElement('div');
            compare.className = 'compare';
            var stage = document.createElement('div');
            stage.className = 'stage';
            [[expected, 'frame'], [actual, 'frame top']].forEach(function (pair) {
              var frame = document.createElement('span');
              frame.className = pair[1];
              var image = document.createElement('img');
              image.className = 'shot';
              image.alt = pair[0].alt;
              image.src = pair[0].getAttribute('src');
              frame.appendChild(image);
              stage.appendChild(frame);
            });
            var line = document.createElement('span');
            line.className = 'line';
            stage.appendChild(line);
            var scroller = document.createElement('div');
            scroller.className = 'scroller';
            scroller.appendChild(stage);
            var slider = document.createElement('label');
            slider.className = 'slider';
            var left = document.createElement('span'), right = document.createElement('span');
            var range = document.createElement('input');
            range.type = 'range'; range.min = '0'; range.max = '100'; range.value = '50';
            range.setAttribute('aria-label', 'swipe or fade between expected and actual');
            range.addEventListener('input', function () { update(element); });
            slider.appendChild(left); slider.appendChild(range); slider.appendChild(right);
            compare.appendChild(slider);
            compare.appendChild(scroller);
            element.querySelector('.side').after(compare);
            return compare;
          }

          function update(element) {
            var compare = element.querySelector('.compare');
            if (!compare) { return; }
            var value = Number(compare.querySelector('input').value);
            var stage = compare.querySelector('.stage');
            stage.style.setProperty('--cut', value + '%');
            stage.style.setProperty('--fade', String(value / 100));
            var labels = compare.querySelectorAll('.slider span');
            var swipe = element.dataset.view === 'swipe';
            labels[0].textContent = swipe ? 'expected' : 'expected';
            labels[1].textContent = swipe ? 'actual' : 'actual ' + value + '%';
          }

          function setView(element, view) {
            if (!element) { return; }
            var button = element.querySelector('[data-view-button="' + view + '"]');
            if (!button || button.disabled) { return; }
            if (view !== 'side') { buildCompare(element); }
            element.dataset.view = view;
            pressed(element, 'data-view-button', view);
            update(element);
          }

          function setZoom(element, zoom) {
            if (!element || zooms.indexOf(zoom) < 0 || !element.querySelector('[data-zoom-button]')) { return; }
            element.dataset.zoom = zoom;
            pressed(element, 'data-zoom-button', zoom);
          }

          document.addEventListener('click', function (event) {
            var target = event.target instanceof Element ? event.target : null;
            var element = target && target.closest('.entry');
            if (!element) { return; }
            setCurrent(element, false);
            var button = target.closest('button');
            if (!button) { return; }
            if (button.dataset.viewButton) { setView(element, button.dataset.viewButton); }
            if (button.dataset.zoomButton) { setZoom(element, button.dataset.zoomButton); }
          });

          // The three panes of a failure scroll together when zoomed.
          var syncing = false;
          document.addEventListener('scroll', function (event) {
            var pane = event.target;
            if (syncing || !(pane instanceof Element) || !pane.classList.contains('scroller')) { return; }
            var side = pane.closest('.side');
            if (!side) { return; }
            syncing = true;
            side.querySelectorAll('.scroller').forEach(function (other) {
              if (other !== pane) { other.scrollLeft = pane.scrollLeft; other.scrollTop = pane.scrollTop; }
            });
            syncing = false;
          }, true);

          document.addEventListener('keydown', function (event) {
            if (event.altKey || event.ctrlKey || event.metaKey) { return; }
            var target = event.target;
            if (target instanceof Element && target.closest('input[type=search], input[type=text], textarea, select')) { return; }
            var element = current || entries.filter(function (entry) { return !entry.hidden; })[0];
            switch (event.key) {
              case 'j': step(1); break;
              case 'k': step(-1); break;
              case '1': setView(element, 'side'); break;
              case '2': setView(element, 'swipe'); break;
              case '3': setView(element, 'onion'); break;
              case '+': case '=': if (element) { setZoom(element, zooms[Math.min(zooms.length - 1, zooms.indexOf(element.dataset.zoom) + 1)]); } break;
              case '-': if (element) { setZoom(element, zooms[Math.max(0, zooms.indexOf(element.dataset.zoom) - 1)]); } break;
              default: return;
            }
            event.preventDefault();
          });
        }());
        """#
}
