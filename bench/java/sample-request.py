#!/usr/bin/env python3
"""Writes a request.json with the three bench shapes and the repo's 1000-row TsBlock vector, for
running the harness on its own: ./sample-request.py > /tmp/req.json && java ... zerowire.bench.codec.Harness /tmp/req.json
(the Node benchmark writes its own request with its own data; see README.md)."""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
TSBLOCK = os.path.join(HERE, '..', '..', 'vectors', 'java-2.0.5', '051-tsblock_1000_rows.json')


def column(rng, name, type_, rows):
    if type_ == 'DOUBLE':
        values = [rng.uniform(-1e6, 1e6) for _ in range(rows)]
    elif type_ == 'FLOAT':
        values = [round(rng.uniform(-1e3, 1e3), 2) for _ in range(rows)]
    elif type_ == 'INT32':
        values = [rng.randint(-2**31, 2**31 - 1) for _ in range(rows)]
    elif type_ == 'INT64':
        values = [str(rng.randint(-2**63, 2**63 - 1)) for _ in range(rows)]
    elif type_ == 'TEXT':
        values = [''.join(rng.choice('abcdefghijklmnopqrstuvwxyz0123456789') for _ in range(16))
                  for _ in range(rows)]
    else:
        values = [rng.random() < 0.5 for _ in range(rows)]
    return {'name': name, 'type': type_, 'values': values}


def tablet(rng, name, rows, counts):
    types = [t for t, n in counts for _ in range(n)]
    return {
        'name': name,
        'deviceId': 'root.bench.' + name.replace('-', '_'),
        'timestamps': [str(1700000000000 + i) for i in range(rows)],
        'columns': [column(rng, f's{i}', t, rows) for i, t in enumerate(types)],
    }


def main():
    rng = random.Random(42)
    request = {
        'warmupMs': 2000,
        'samples': 15,
        'minSampleMs': 100,
        'tablets': [
            tablet(rng, 'tablet-a', 1000, [('DOUBLE', 10)]),
            tablet(rng, 'tablet-b', 500, [('FLOAT', 15), ('DOUBLE', 10), ('INT32', 10),
                                          ('INT64', 5), ('TEXT', 5), ('BOOLEAN', 5)]),
            tablet(rng, 'tablet-c', 100, [('FLOAT', 3), ('DOUBLE', 2), ('INT32', 2),
                                          ('INT64', 1), ('TEXT', 1), ('BOOLEAN', 1)]),
        ],
        'tsblocks': [{
            'name': 'decode-tsblock-1000-mixed',
            'hex': json.load(open(TSBLOCK, encoding='utf-8'))['output']['tsblockHex'],
        }],
    }
    print(json.dumps(request))


if __name__ == '__main__':
    main()
