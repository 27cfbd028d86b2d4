#!/usr/bin/env python3
"""Self-check of the vector generator against the shared Java vectors.

Extracts the `input` of every shared vector, runs the generator on them in one batch (the
queryResponse cases, after the others, make it capture a whole conversation over a socket: see
SessionCapture.java), and compares every output
field of the shared vector with the generated one (hex fields, request, layouts, decoded...).
Numbers are compared by type and exact value (1 vs 1.0 differ).

usage: check-vectors.py [vectorsDir]   (default: ../../../shared/vectors/java-2.0.5)
exit 0 iff every compared vector is identical.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_VECTORS = os.path.join(HERE, '..', '..', '..', 'shared', 'vectors', 'java-2.0.5')
SUPPORTED = {'tablet', 'insertRecords', 'insertRecord', 'tsblock', 'queryResponse'}


def strict(value):
    """JSON value with its number type made explicit, so 1 and 1.0 compare different."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return (type(value).__name__, repr(value))
    if isinstance(value, list):
        return [strict(v) for v in value]
    return {k: strict(v) for k, v in value.items()}


def first_difference(a, b, path='output'):
    if type(a) != type(b):
        return f'{path}: {json.dumps(a)[:120]} != {json.dumps(b)[:120]}'
    if isinstance(a, dict):
        for k in a.keys() | b.keys():
            if k not in a or k not in b:
                return f'{path}.{k}: present on one side only'
            d = first_difference(a[k], b[k], f'{path}.{k}')
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f'{path}: length {len(a)} != {len(b)}'
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f'{path}[{i}]')
            if d:
                return d
        return None
    if a == b:
        return None
    if isinstance(a, str) and isinstance(b, str):
        at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        return (f'{path}: first difference at char {at} (lengths {len(a)}/{len(b)}): '
                f'shared ...{a[max(0, at - 16):at + 16]}... generated ...{b[max(0, at - 16):at + 16]}...')
    return f'{path}: {str(a)[:120]} != {str(b)[:120]}'


def main():
    vectors_dir = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_VECTORS
    shared = []
    skipped = []
    for f in sorted(os.listdir(vectors_dir)):
        if not f[:3].isdigit():
            continue
        v = json.load(open(os.path.join(vectors_dir, f), encoding='utf-8'))
        (shared if v['kind'] in SUPPORTED else skipped).append(v)
    sys.stdout.flush()
    with tempfile.TemporaryDirectory() as tmp:
        cases = os.path.join(tmp, 'cases.json')
        out_dir = os.path.join(tmp, 'out')
        json.dump([v['input'] for v in shared], open(cases, 'w', encoding='utf-8'))
        subprocess.run([os.path.join(HERE, 'run.sh'), cases, out_dir], check=True)
        index = json.load(open(os.path.join(out_dir, 'index.json'), encoding='utf-8'))
        identical = 0
        for v, entry in zip(shared, index['vectors']):
            got = json.load(open(os.path.join(out_dir, entry['file']), encoding='utf-8'))
            # Extra keys the shared vectors lack (e.g. sessionSentNothing) are not compared.
            generated = {k: got['output'][k] for k in v['output'] if k in got['output']}
            diff = first_difference(strict(v['output']), strict(generated))
            if diff is None:
                identical += 1
            else:
                print(f"DIFF {v['name']}: {diff}", flush=True)
    total = len(shared) + len(skipped)
    skipped_names = ', '.join('%s [kind %s]' % (v['name'], v['kind']) for v in skipped) or 'none'
    print(f'{identical} of {len(shared)} generated vectors identical to the shared ones '
          f'({total} shared vectors; {len(skipped)} skipped: {skipped_names})')
    sys.exit(0 if identical == len(shared) else 1)


if __name__ == '__main__':
    main()
