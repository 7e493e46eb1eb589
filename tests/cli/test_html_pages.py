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
What it draws of the step is what the step's JSON says, read here on its
own: the base and cover units shaded, the cells of "cells" and "pattern"
framed, a square behind each candidate struck, placed or of the pattern,
and each link of the chain from its node to the next (dotted into a "cut"
node) and each node's ring, in the colour of its branch; on steps of every
family of techniques: singles, intersections, subsets, fish, wings,
uniqueness, exclusion, chains and cycles, forcing and nested chains.
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
# qqwing-1000.txt lines 985, 328, 890 and 569: with HARD, a step of every
# family: X-Wing, Jellyfish, XY- and XYZ-Wing, Unique Rectangles of types
# 1 to 4, BUG, Aligned Pair Exclusion, X-Cycle, Forcing X-Chain
FAMILIES = ('...8..956...2.6...8....4...9.8..........4.3..2.......9.5...21..496..1......5...9.',
            '...6.8.41.....9......1..6.8.2..5..7...67...5.9.........4...1..51.....96...5.2...4',
            '9...7..13....4..7...69.....7.4.9.1.86.31................7...83..2.3...4.1...2...7',
            '..5.6.....6.5.....9..41...54.6...2...2.9..71..3...5....4317......7.9.46.........1')
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
                                  'title': '', 'rects': [], 'links': [], 'rings': []})
        if self.drawings and tag == 'rect':
            self.drawings[-1]['rects'].append(
                (attrs.get('class'),) + tuple(float(attrs[k]) for k in
                                              ('x', 'y', 'width', 'height')))
        if self.drawings and tag == 'path' and attrs.get('class', '').startswith('L '):
            self.drawings[-1]['links'].append((attrs['class'], attrs['d']))
        if self.drawings and tag == 'circle':
            self.drawings[-1]['rings'].append(
                (attrs['class'], float(attrs['cx']), float(attrs['cy'])))
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


CELL, SLOT = 36, 12


def cell_named(name):
    """"r4c7" as 0 to 80."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def candidate(text):
    """"r6c2=4" or "r1c6<>2" as (cell, digit, on)."""
    return cell_named(text), int(text[-1]), '=' in text


def unit_rect(cls, name):
    """The shading of unit "r4", "c7" or "b5"."""
    i = int(name[1]) - 1
    if name[0] == 'r':
        return (cls, 0, i * CELL, 9 * CELL, CELL)
    if name[0] == 'c':
        return (cls, i * CELL, 0, CELL, 9 * CELL)
    return (cls, i % 3 * 3 * CELL, i // 3 * 3 * CELL, 3 * CELL, 3 * CELL)


def expected_rects(step):
    """The rects a step's JSON says its drawing shades, framed and squared."""
    rects = [unit_rect('b', u) for u in step.get('units', [])]
    rects += [unit_rect('c', u) for u in step.get('cover_units', [])]
    pattern = {cell_named(name): digits for name, digits in step.get('pattern', {}).items()}
    framed = {cell_named(name) for name in step.get('cells', [])} | set(pattern)
    rects += [('p', c % 9 * CELL + 2, c // 9 * CELL + 2, CELL - 4, CELL - 4)
              for c in sorted(framed)]
    struck = {candidate(t)[:2] for t in step['eliminations']}
    placed = {candidate(t)[:2] for t in step['placements']}
    marks = step['candidates']
    for c in range(81):
        for d in range(1, 10):
            cls = ('ks' if (c, d) in struck else 'kl' if (c, d) in placed
                   else 'kp' if d in pattern.get(c, ()) else None)
            if cls and marks[9 * c + d - 1] == str(d):
                rects.append((cls, c % 9 * CELL + (d - 1) % 3 * SLOT + 1,
                              c // 9 * CELL + (d - 1) // 3 * SLOT + 1, SLOT - 2, SLOT - 2))
    return rects


def expected_chain(step):
    """The links (style, colour, from, to) and rings (colour, node) of a
    step's chain, as its JSON reads: a link from each node to the next of
    its branch, a nested chain's branches coloured in turn after its node's."""
    links, rings, branch = [], [], [-1]

    def walk(chain, starts):
        last = colour = None
        for i, item in enumerate(chain):
            node = candidate(item if isinstance(item, str) else item['node'])
            if i in starts:
                branch[0] += 1
                colour, last = branch[0] % 6, None
            if last:
                style = 'x' if isinstance(item, dict) and item.get('cut') else \
                    's' if node[2] else 'w'
                links.append((style, colour, last[:2], node[:2]))
            rings.append((colour, node[:2]))
            last = node
            if isinstance(item, dict) and 'chain' in item:
                walk(item['chain'], item.get('branches', [0]))

    if 'chain' in step:
        walk(step['chain'], step.get('branches', [0]))
    return links, rings


def nearest(x, y):
    """The candidate whose centre is nearest a point, as (cell, digit): a
    link ends 5.5 short of it, and centres are 12 apart."""
    column, row = round((x - SLOT / 2) / SLOT), round((y - SLOT / 2) / SLOT)
    return row // 3 * 9 + column // 3, row % 3 * 3 + column % 3 + 1


def drawn_chain(drawing):
    """The links and rings of a drawing, as expected_chain() gives them."""
    links = []
    for cls, d in drawing['links']:
        _, style, colour = cls.split()
        ax, ay, _, _, bx, by = map(float, re.findall(r'-?[\d.]+', d))
        links.append((style, int(colour[1:]), nearest(ax, ay), nearest(bx, by)))
    rings = [(int(cls.split()[1][1:]), nearest(x, y)) for cls, x, y in drawing['rings']]
    return links, rings


def check_pattern(drawing, step, n):
    """What a drawing draws of a step equals what the step's JSON says."""
    rects = sorted(r for r in drawing['rects'] if r[0] in ('b', 'c', 'p', 'ks', 'kl', 'kp'))
    assert rects == sorted(expected_rects(step)), (n, step['text'], rects)
    assert drawn_chain(drawing) == expected_chain(step), (n, step['text'])


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
        check_pattern(drawing, step, n)


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


def test_families(sudoku):
    """A step of every family drawn as its JSON says: units, cover units,
    cells, pattern and chain."""
    seen = set()
    for puzzle in FAMILIES:
        text = run(sudoku, 'explain', '-f', 'html', puzzle)
        record = json.loads(run(sudoku, 'explain', '--candidates', '-f', 'json', puzzle))
        check_steps(well_formed(text, 'explain ' + puzzle), record)
        seen |= {step['technique'] for step in record['steps']}
    for technique in ('X-Wing', 'Jellyfish', 'XY-Wing', 'XYZ-Wing', 'Unique Rectangle Type 1',
                      'Unique Rectangle Type 2', 'Unique Rectangle Type 3',
                      'Unique Rectangle Type 4', 'BUG Type 1', 'Aligned Pair Exclusion',
                      'X-Cycle', 'Forcing X-Chain', 'Pointing', 'Claiming', 'Naked Pair'):
        assert technique in seen, technique


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
    tests = [test_hard_puzzle, test_families, test_names_and_notes, test_pencil_marks_and_hint,
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
