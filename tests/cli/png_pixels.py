#!/usr/bin/env python3
"""png_pixels.py - checks the colours of a screenshot of explain's page where
the drawing of a step puts a candidate's square.

    png_pixels.py SHOT.png DRAWING CHECK...

DRAWING counts the grids of the page from the top, from 0. Each CHECK is
rRcCdD=RRGGBB: the square behind candidate D of cell rRcC must be of that
colour. The PNG is read here with zlib alone (8-bit RGB or RGBA, not
interlaced, as chromium writes it).

The grids are found by their frames: the box rules are 3 units of #222222
drawn with crisp edges, so every grid has four rows of pixels of exactly
that colour, each a run of 324 pixels (at a scale of 1, and but for where
a chain's arrow crosses it), 108 apart. A
candidate's square is 10 pixels wide, 1 in from the corner of its 12 by
12 place in the cell, so a pixel 2 in from that corner is the square's and
not the digit's.
"""
import struct
import sys
import zlib


def add_bytes(a, b):
    """a + b, byte by byte, modulo 256: the low seven bits of each byte of
    both added at once as one number (no carry leaves a byte), then the top
    bit of each byte, a's plus b's plus the carry into it."""
    low = int.from_bytes(b'\x7f' * len(a), 'big')
    high = int.from_bytes(b'\x80' * len(a), 'big')
    x, y = int.from_bytes(a, 'big'), int.from_bytes(b, 'big')
    total = ((x & low) + (y & low)) ^ ((x ^ y) & high)
    return bytearray(total.to_bytes(len(a), 'big'))


def read_png(path):
    """Width, height and rows of (r, g, b) tuples."""
    with open(path, 'rb') as f:
        data = f.read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat = 8, b''
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, 'unexpected PNG kind'
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 2:  # Up, most of chromium's rows: added at once
            line = add_bytes(line, previous)
        for i in range(stride if kind != 2 else 0):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + pred) & 255
        rows.append(list(zip(line[0::channels], line[1::channels], line[2::channels])))
        previous = line
    return width, height, rows


def frames(rows):
    """The top-left corner of each grid, top to bottom."""
    rule = (0x22, 0x22, 0x22)
    lines = []  # (y, x) where 300 or more rule pixels start, few gaps apart
    for y, row in enumerate(rows):
        start = end = None  # a chain's arrow may cross a rule: bridge it
        count = 0
        for x, pixel in enumerate(row + [None]):
            if pixel == rule:
                if start is None or x - end > 16:
                    if start is not None and count >= 280 and end - start >= 300:
                        lines.append((y, start))
                    start, count = x, 0
                end = x
                count += 1
        if start is not None and count >= 280 and end - start >= 300:
            lines.append((y, start))
    found = []
    for y, x in lines:
        # the first row of a frame's top rule: the rules below it follow
        if any(abs(y - fy) <= 330 and abs(x - fx) <= 3 for fy, fx in found):
            continue
        if all(any(abs(y2 - (y + k * 108)) <= 2 and abs(x2 - x) <= 2 for y2, x2 in lines)
               for k in (1, 2, 3)):
            found.append((y, x))
    return found


def main():
    _, _, rows = read_png(sys.argv[1])
    grids = frames(rows)
    drawing = int(sys.argv[2])
    assert drawing < len(grids), 'found %d grids' % len(grids)
    top, left = grids[drawing]
    failed = 0
    for check in sys.argv[3:]:
        place, colour = check.split('=')
        r, c, d = int(place[1]) - 1, int(place[3]) - 1, int(place[5])
        # the rule is 3 pixels wide, centred on the grid's edge
        x = left + 1 + c * 36 + (d - 1) % 3 * 12 + 2
        y = top + 1 + r * 36 + (d - 1) // 3 * 12 + 2
        want = tuple(int(colour[i:i + 2], 16) for i in (0, 2, 4))
        got = rows[y][x]
        ok = all(abs(a - b) <= 2 for a, b in zip(got, want))
        failed += not ok
        print('%s %s at (%d, %d): %02x%02x%02x' % ('ok' if ok else 'FAIL', check, x, y, *got))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
