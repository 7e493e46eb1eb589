#!/usr/bin/env python3
"""browse.py - one headless Chromium for several pages: each page's DOM, a
screenshot of it, or its print to PDF, as chromium's --dump-dom,
--screenshot and --print-to-pdf make them, for one start of the browser
(a start costs seconds of processor time, about half of that with the
browser's parts in one process, --single-process, as pages that need no
isolation from each other allow).

    usage: browse.py CHROMIUM PROFILE_DIR ACTION...

    ACTION  --dom URL OUT                the DOM once the page has loaded
            --screenshot WxH URL OUT     the window, W by H pixels, as PNG
            --pdf URL OUT                printed, at the size the page's CSS
                                         asks (@page), or Letter

The browser is driven over its DevTools protocol on a pipe (its file
descriptors 3 and 4, --remote-debugging-pipe): JSON messages, each ended by
a NUL byte. Exits 1 with the browser's message if a command fails.
"""
import base64
import json
import os
import subprocess
import sys


class Chromium:
    """A headless Chromium and one tab in it."""

    def __init__(self, binary, profile):
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def pipe_on_3_and_4():  # in the child, before chromium starts
            a, b = os.dup(to_r), os.dup(from_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.log = open(os.path.join(profile, 'chromium.log'), 'w')
        self.process = subprocess.Popen(
            [binary, '--headless', '--single-process', '--no-sandbox', '--disable-gpu',
             '--disable-quic', '--no-first-run', '--disable-background-networking',
             '--disable-component-update', '--disable-sync', '--hide-scrollbars',
             '--remote-debugging-pipe', f'--user-data-dir={profile}', 'about:blank'],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=self.log,
            close_fds=False, preexec_fn=pipe_on_3_and_4)
        os.close(to_r)
        os.close(from_w)
        self.pending = b''
        self.last = 0
        self.loaded = False
        self.session = None
        target = self.call('Target.createTarget', url='about:blank')['targetId']
        self.session = self.call('Target.attachToTarget', targetId=target,
                                 flatten=True)['sessionId']
        self.call('Page.enable')

    def message(self):
        """The next message from the browser."""
        while b'\0' not in self.pending:
            chunk = os.read(self.from_r, 1 << 16)
            if not chunk:
                raise RuntimeError('the browser ended')
            self.pending += chunk
        text, self.pending = self.pending.split(b'\0', 1)
        return json.loads(text)

    def call(self, method, **params):
        """A command's result; the events that come before it are dropped,
        but for the load event, which wait_load() asks for."""
        self.last += 1
        command = {'id': self.last, 'method': method, 'params': params}
        if self.session:
            command['sessionId'] = self.session
        os.write(self.to_w, json.dumps(command).encode() + b'\0')
        while True:
            reply = self.message()
            if reply.get('method') == 'Page.loadEventFired':
                self.loaded = True
            if reply.get('id') == self.last:
                if 'error' in reply:
                    raise RuntimeError(f"{method}: {reply['error'].get('message')}")
                return reply['result']

    def open(self, url):
        """Opens url in the tab and waits for its load event."""
        self.loaded = False
        self.call('Page.navigate', url=url)
        while not self.loaded:
            if self.message().get('method') == 'Page.loadEventFired':
                self.loaded = True

    def close(self):
        try:
            self.call('Browser.close')
        except RuntimeError:
            pass  # the browser ends before it answers
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def main(argv):
    binary, profile, actions = argv[0], argv[1], argv[2:]
    browser = Chromium(binary, profile)
    try:
        while actions:
            action = actions.pop(0)
            if action == '--screenshot':
                width, height = map(int, actions.pop(0).split('x'))
                browser.call('Emulation.setDeviceMetricsOverride', width=width,
                             height=height, deviceScaleFactor=1, mobile=False)
            url, out = actions.pop(0), actions.pop(0)
            browser.open(url)
            if action == '--dom':
                dom = browser.call('Runtime.evaluate', returnByValue=True,
                                   expression='document.documentElement.outerHTML')
                data = ('<!DOCTYPE html>\n' + dom['result']['value'] + '\n').encode()
            elif action == '--screenshot':
                data = base64.b64decode(browser.call('Page.captureScreenshot',
                                                     format='png')['data'])
            elif action == '--pdf':
                data = base64.b64decode(browser.call('Page.printToPDF',
                                                     preferCSSPageSize=True)['data'])
            else:
                raise RuntimeError(f'unknown action {action}')
            with open(out, 'wb') as f:
                f.write(data)
    finally:
        browser.close()
    return 0


if __name__ == '__main__':
    if len(sys.argv) < 3:
        print(next(line.strip() for line in __doc__.splitlines()
                   if line.strip().startswith('usage:')), file=sys.stderr)
        sys.exit(2)
    try:
        sys.exit(main(sys.argv[1:]))
    except (RuntimeError, IndexError, ValueError) as e:
        print(f'browse.py: {e}', file=sys.stderr)
        sys.exit(1)
