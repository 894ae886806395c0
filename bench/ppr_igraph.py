#!/usr/bin/env python3
"""Reference timing for bench/ppr.ts: python-igraph's personalized PageRank with PRPACK, called exactly
as HippoRAG 2 calls it (OSU-NLP-Group/HippoRAG, src/hipporag/HippoRAG.py, run_ppr):

    graph.personalized_pagerank(vertices=range(n), damping=damping, directed=False,
                                weights='weight', reset=reset_prob, implementation='prpack')

Input directory (written by bench/ppr.ts): meta.json {nodes, edges, damping, runs}, src.u32, dst.u32,
weight.f32, reset.f64 (little-endian). Output: scores.f64 in the same directory and one JSON line on
stdout {"build_s": ..., "times_s": [...]} (graph construction is timed separately from the solve).
Needs Debian's python3-igraph; uses only the standard library otherwise (no numpy).
"""
import json
import sys
import time
from array import array

import igraph as ig


def read(path, typecode, count):
    a = array(typecode)
    with open(path, 'rb') as f:
        a.frombytes(f.read())
    if len(a) != count:
        raise SystemExit(f'ppr_igraph: {path} holds {len(a)} values, expected {count}')
    if sys.byteorder != 'little':
        a.byteswap()
    return a


def main(folder):
    meta = json.load(open(f'{folder}/meta.json'))
    n, m = meta['nodes'], meta['edges']
    src = read(f'{folder}/src.u32', 'I', m)
    dst = read(f'{folder}/dst.u32', 'I', m)
    weight = read(f'{folder}/weight.f32', 'f', m)
    reset = read(f'{folder}/reset.f64', 'd', n)

    t0 = time.perf_counter()
    graph = ig.Graph(n=n, edges=list(zip(src, dst)), directed=False)
    graph.es['weight'] = list(weight)
    build_s = time.perf_counter() - t0

    reset_prob = list(reset)
    times = []
    scores = None
    for _ in range(meta['runs']):
        t = time.perf_counter()
        scores = graph.personalized_pagerank(
            vertices=range(n),
            damping=meta['damping'],
            directed=False,
            weights='weight',
            reset=reset_prob,
            implementation='prpack',
        )
        times.append(time.perf_counter() - t)
    with open(f'{folder}/scores.f64', 'wb') as f:
        array('d', scores).tofile(f)
    print(json.dumps({'build_s': build_s, 'times_s': times, 'igraph': ig.__version__}))


if __name__ == '__main__':
    main(sys.argv[1])
