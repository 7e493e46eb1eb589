#!/usr/bin/env python3
"""test_html_pages.py - the HTML pages of explain, solve and generate, read back
with Python's own HTML parser, which shares nothing with the writer.

    test_html_pages.py SUDOKU            run the checks below on the command
    test_html_pages.py --dom PAGE JSON   check a page as a browser dumped it
                                         (chromium --dump-dom) against the
                                         JSON of `explain --candidates`

Every page must be well formed: each element closed in order, only the
elements the writer uses (so no input can open one of its own), no script,
nothing fetched (no src, href or url() but to the page's own markers).
Text that came from input (file names, notes, messages) must come back
from the parser as it went in. A step's drawing holds 81 cells, and each
cell the digits the JSON gives for it: a placed digit, or its candidates.
"""
import html.parser
import json
import os
import re
import subprocess
import sys
import tempfile

ELEMENTS = {'html', 'head', 'meta', 'title', 'style', 'body', 'h1', 'h2', 'section',
            'figure', 'figcaption', 'pre', 'p', 'span', 'ol', 'ul', 'li', 'i', 'div',
            'svg', 'defs', 'marker', 'path', 'rect', 'text', 'circle'}
VOID = {'meta'}
HARD = '..............1..2.13.4..5.....65....561...4.7....4....35....1..6.3..8..9.......6'
NORVIG = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
FOREIGN = '4<&.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4....'


class Page(html.parser.HTMLParser):
    """A page parsed: its drawings, its text by element, and what was wrong."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.drawings = [], [], []
        self.texts = {}  # element name -> the texts of those elements
        self.cell = None  # the class of the drawing's cell being read
        self.doctype = False
        self.feed(text)
        self.close()
        if self.stack:
            self.errors.append('left open: %s' % self.stack)

    def handle_decl(self, decl):
        self.doctype = self.doctype or decl.lower() == 'doctype html'

    def element(self, tag, attrs):
        attrs = dict(attrs)
        if tag not in ELEMENTS:
            self.errors.append('element <%s>' % tag)
        for name, value in attrs.items():
            if name in ('src', 'href', 'xlink:href') or name.startswith('on'):
                self.errors.append('attribute %s=%r' % (name, value))
        if tag == 'svg' and 'g' in attrs.get('class', '').split():
            self.drawings.append({'class': attrs['class'].split()[1], 'cells': [],
                                  'title': '', 'rects': []})
        if self.drawings and tag == 'rect':
            self.drawings[-1]['rects'].append(attrs.get('class'))
        self.cell = None
        if tag == 'text' and attrs.get('class') in ('k', 'o', 'v'):
            self.cell = attrs['class']
            self.drawings[-1]['cells'].append((self.cell, ''))
        return attrs

    def handle_starttag(self, tag, attrs):
        self.element(tag, attrs)
        if tag not in VOID:
            self.stack.append(tag)
            self.texts.setdefault(tag, []).append('')

    def handle_startendtag(self, tag, attrs):
        self.element(tag, attrs)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append('</%s> closes %s' % (tag, self.stack[-1:]))
            return
        self.stack.pop()
        self.cell = None

    def handle_data(self, data):
        for tag in set(self.stack):
            self.texts[tag][-1] += data
        if self.stack and self.stack[-1] == 'title' and 'svg' in self.stack:
            self.drawings[-1]['title'] += data
        if self.cell:
            kind, digits = self.drawings[-1]['cells'][-1]
            self.drawings[-1]['cells'][-1] = (kind, digits + data)


def well_formed(text, what):
    """The page parsed, after the checks every page must pass."""
    page = Page(text)
    problems = list(page.errors)
    if not page.doctype:
        problems.append('no doctype')
    if re.search(r'<script|@import|url\((?!#m[0-5]\))', text, re.I):
        problems.append('a script or something fetched')
    if problems:
        raise AssertionError('%s: %s' % (what, '; '.join(problems[:5])))
    return page


def check_steps(page, record):
    """The step drawings of a page against a JSON record of explain --candidates."""
    steps = [d for d in page.drawings if d['class'] == 'step']
    assert len(steps) == len(record['steps']), (len(steps), len(record['steps']))
    for n, (drawing, step) in enumerate(zip(steps, record['steps'])):
        marks = step['candidates']
        assert len(drawing['cells']) == 81, (n, len(drawing['cells']))
        for c, (kind, digits) in enumerate(drawing['cells']):
            want = marks[9 * c:9 * c + 9].replace('.', '')
            assert digits == want, (n, c, digits, want)
            assert kind != 'k' or digits, (n, c)
        assert drawing['title'] == step['text'], (n, drawing['title'])
        if step['eliminations']:
            assert 'ks' in drawing['rects'], n
        if step['placements']:
            assert 'kl' in drawing['rects'], n


def run(sudoku, *args, status=0, stdin=''):
    done = subprocess.run([sudoku, *args], capture_output=True, text=True, input=stdin)
    assert done.returncode == status, (args, done.returncode, done.stderr)
    return done.stdout


def test_hard_puzzle(sudoku):
    """A hard puzzle's page: a drawing per step, each cell right; under 2 MB."""
    text = run(sudoku, 'explain', '-f', 'html', HARD)
    record = json.loads(run(sudoku, 'explain', '--candidates', '-f', 'json', HARD))
    page = well_formed(text, 'explain hard')
    check_steps(page, record)
    assert len(record['steps']) > 10
    assert len(text.encode()) < 2 * 1024 * 1024, len(text)
    assert page.drawings[0]['class'] == 'full' and page.drawings[-1]['class'] == 'full'
    assert 'Rating: ' + '/'.join(str(record[k]) for k in ('er', 'ep', 'ed')) in \
        page.texts['pre'][-1].replace('>', '')


def test_names_and_notes(sudoku):
    """Hostile names and notes come back as text, and open nothing."""
    name = 'a<b>&amp;"c\'<!--<h2>.txt'
    note = '<script>alert(1)</script> & "x" \u00e9 </pre>'
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, name)
        with open(path, 'w', encoding='utf-8') as f:
            f.write('%s %s\n<1234>\n' % (NORVIG, note))
        for command in ('explain', 'solve'):
            text = run(sudoku, command, '-f', 'html', path, FOREIGN, status=1)
            page = well_formed(text, command + ' hostile')
            joined = ' '.join(page.texts.get('h2', []) + page.texts['figcaption'])
            assert path + ', line 1' in joined, joined[:300]
            assert path + ', line 2' in joined
            assert '<arg 2>, line 1' in joined
        explained = Page(run(sudoku, 'explain', '-f', 'html', path, FOREIGN, status=1))
        assert note in explained.texts['p'], explained.texts['p']
        assert len(explained.texts['section']) == 3
        assert sum('invalid: ' in t for t in explained.texts['p']) == 2


def test_pencil_marks_and_hint(sudoku):
    """Pencil marks are drawn from their marks; --hint draws one step."""
    record = json.loads(run(sudoku, 'explain', '--candidates', '-f', 'json', NORVIG))
    marks = record['steps'][3]['candidates']
    page = well_formed(run(sudoku, 'explain', '--hint', '-f', 'html', marks), 'marks')
    assert [d['class'] for d in page.drawings] == ['marks', 'step']
    for c, (kind, digits) in enumerate(page.drawings[0]['cells']):
        assert digits == marks[9 * c:9 * c + 9].replace('.', ''), c
    hint = json.loads(run(sudoku, 'explain', '--hint', '--candidates', '-f', 'json', marks))
    check_steps(page, hint)
    # the candidate grid that --candidates draws reads back as the same marks
    drawn = '\n'.join(run(sudoku, 'explain', '--candidates', '--hint', marks).splitlines()[1:12])
    page = well_formed(run(sudoku, 'explain', '--hint', '-f', 'html', stdin=drawn + '\n'),
                       'drawn marks')
    assert [d['class'] for d in page.drawings] == ['marks', 'step']
    for c, (kind, digits) in enumerate(page.drawings[0]['cells']):
        assert digits == marks[9 * c:9 * c + 9].replace('.', ''), c


def test_sheets(sudoku):
    """A sheet: every puzzle with its givens, then every answer, in order."""
    made = [json.loads(line) for line in
            run(sudoku, 'generate', '--seed', '7', '-n', '8', '-f', 'json').splitlines()]
    page = well_formed(run(sudoku, 'generate', '--seed', '7', '-n', '8', '-f', 'html'),
                       'generate')
    sheet = [d for d in page.drawings if d['class'] == 'sheet']
    answers = [d for d in page.drawings if d['class'] == 'answer']
    assert len(sheet) == len(answers) == 8
    for k, (drawing, answer, item) in enumerate(zip(sheet, answers, made)):
        givens = [(c, int(d)) for c, d in enumerate(item['puzzle']) if d != '.']
        assert [kind for kind, _ in drawing['cells']] == ['o'] * len(givens)
        assert drawing['title'] == 'Puzzle: ' + item['puzzle']
        assert answer['title'] == 'Answer: ' + item['solution']
        assert ''.join(d for _, d in answer['cells']) == item['solution']
        assert sum(kind == 'o' for kind, _ in answer['cells']) == len(givens)
        assert page.texts['figcaption'][k].startswith('puzzle %d, seed 7, ' % (k + 1))
    unsolvable = '12345678.........9' + '.' * 63
    text = run(sudoku, 'solve', '-f', 'html', NORVIG, unsolvable, '1' * 81, status=1)
    page = well_formed(text, 'solve')
    assert [d['class'] for d in page.drawings] == ['sheet', 'sheet', 'answer']
    assert 'unsolvable, no solution' in page.texts['figcaption'][1]
    assert 'invalid, ' in page.texts['figcaption'][2]


def main():
    if sys.argv[1] == '--dom':
        with open(sys.argv[2], encoding='utf-8') as f:
            page = well_formed(f.read(), sys.argv[2])
        with open(sys.argv[3], encoding='utf-8') as f:
            check_steps(page, json.load(f))
        print('the dumped page has a drawing per step, 81 cells each, as the JSON')
        return 0
    tests = [test_hard_puzzle, test_names_and_notes, test_pencil_marks_and_hint,
             test_sheets]
    failed = 0
    for test in tests:
        try:
            test(sys.argv[1])
            print('ok', test.__name__)
        except AssertionError as e:
            failed += 1
            print('FAIL', test.__name__, repr(e)[:2000])
    print('%d passed, %d failed' % (len(tests) - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
