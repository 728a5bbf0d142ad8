// Paths and direct dependencies over hand-built graphs: diamonds, cycles, duplicates, more than five paths, none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DependencyGraph, stronglyConnected, type GraphComponent } from './dependency-graph.ts';

const c = (
  id: string,
  dependsOn: string[] = [],
  purl: string | null = `pkg:npm/${id}@1`,
): GraphComponent => ({
  id,
  purl,
  name: id,
  version: '1',
  dependsOn,
});
const p = (id: string) => `pkg:npm/${id}@1`;

describe('dependency graph', () => {
  // root → a, f; a → b, c; b → d; c → d (diamond); d → e; e → b (cycle b → d → e → b); f → d; g alone.
  const graph = new DependencyGraph(
    [c('a', ['b', 'c']), c('b', ['d']), c('c', ['d']), c('d', ['e']), c('e', ['b']), c('f', ['d']), c('g')],
    ['a', 'f'],
  );

  it('gives the shortest paths first, through diamonds and past cycles', () => {
    assert.deepEqual(graph.placeOf('d'), {
      direct: false,
      paths: [
        [p('f'), p('d')],
        [p('a'), p('b'), p('d')],
        [p('a'), p('c'), p('d')],
      ],
    });
    assert.deepEqual(graph.placeOf('e').paths, [
      [p('f'), p('d'), p('e')],
      [p('a'), p('b'), p('d'), p('e')],
      [p('a'), p('c'), p('d'), p('e')],
    ]);
    // b through the cycle: a → b directly, then f → d → e → b and a → c → d → e → b; never b twice.
    assert.deepEqual(graph.placeOf('b').paths, [
      [p('a'), p('b')],
      [p('f'), p('d'), p('e'), p('b')],
      [p('a'), p('c'), p('d'), p('e'), p('b')],
    ]);
  });

  it('says direct for the subject’s own dependencies, and gives no path to what no direct one reaches', () => {
    assert.deepEqual(graph.placeOf('a'), { direct: true, paths: [[p('a')]] });
    assert.deepEqual(graph.placeOf('g'), { direct: false, paths: [] });
  });

  it('lists every direct dependency that leads to a package, not only those on the shortest paths', () => {
    assert.deepEqual(graph.introducedBy(['d']), [p('a'), p('f')]);
    assert.deepEqual(graph.introducedBy(['c']), [p('a')]);
    assert.deepEqual(graph.introducedBy(['g']), []);
  });

  it('takes the components nothing depends on as direct when the subject names no dependencies', () => {
    const g = new DependencyGraph([c('x', ['y']), c('y', ['z']), c('w', ['z']), c('z')], null);
    assert.deepEqual(g.placeOf('z'), {
      direct: false,
      paths: [
        [p('w'), p('z')],
        [p('x'), p('y'), p('z')],
      ],
    });
    assert.equal(g.placeOf('w').direct, true);
    assert.deepEqual(g.introducedBy(['z']), [p('w'), p('x')]);
  });

  it('keeps components that appear twice apart, and an edge named twice once', () => {
    const g = new DependencyGraph(
      [c('k1', [], p('k')), c('m', ['k2', 'k2', 'nowhere']), c('k2', [], p('k'))],
      ['k1', 'm', 'k1'],
    );
    assert.deepEqual(g.placeOf('k1'), { direct: true, paths: [[p('k')]] });
    assert.deepEqual(g.placeOf('k2'), { direct: false, paths: [[p('m'), p('k')]] });
    assert.deepEqual(g.introducedBy(['k1', 'k2']), [p('k'), p('m')]);
  });

  it('stops at five paths, in document order among equals, and names a component without purl by name@version', () => {
    const parents = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    const g = new DependencyGraph([...parents.map((id) => c(id, ['t'])), c('t', [], null)], parents);
    assert.deepEqual(
      g.placeOf('t').paths,
      parents.slice(0, 5).map((id) => [p(id), 't@1']),
    );
    assert.equal(g.introducedBy(['t']).length, 7);
  });

  it('has no graph when neither the subject nor any component names a dependency', () => {
    for (const root of [null, []]) {
      const g = new DependencyGraph([c('a'), c('b')], root);
      assert.equal(g.hasGraph, false);
      assert.deepEqual(g.placeOf('a'), { direct: null, paths: [] });
      assert.deepEqual(g.introducedBy(['a']), []);
    }
  });

  it('answers for a self-dependency and an unknown id without looping', () => {
    const g = new DependencyGraph([c('s', ['s', 't']), c('t', ['s'])], ['s']);
    assert.deepEqual(g.placeOf('t'), { direct: false, paths: [[p('s'), p('t')]] });
    assert.deepEqual(g.placeOf('s'), { direct: true, paths: [[p('s')]] });
    assert.deepEqual(g.placeOf('unknown'), { direct: null, paths: [] });
  });

  it('numbers strongly connected components so that each reaches only lower ids', () => {
    // 0 → 1 → 2 → 0 (a cycle), 2 → 3, 3 → 3 (a self-loop), 4 → 0.
    const { comp, count, members, offsets } = stronglyConnected([[1], [2], [0, 3], [3], [0]]);
    assert.equal(count, 3);
    assert.deepEqual([comp[0], comp[1], comp[2], comp[3], comp[4]], [1, 1, 1, 0, 2]);
    assert.deepEqual([...members.slice(offsets[1], offsets[2])].sort(), [0, 1, 2]);
  });

  it('names every direct dependency that reaches a group, past 256 direct ones (several passes)', () => {
    // 600 direct dependencies d0…d599; d_i → m_(i % 3); m0 → m1 → m2 → m0 (a cycle); m2 → leaf. Everything
    // reaches the leaf and every m; a second leaf hangs under d599 alone.
    const directs = Array.from({ length: 600 }, (_, i) => `d${i}`);
    const g = new DependencyGraph(
      [
        ...directs.map((id, i) => c(id, i === 599 ? [`m${i % 3}`, 'only'] : [`m${i % 3}`])),
        c('m0', ['m1']),
        c('m1', ['m2']),
        c('m2', ['m0', 'leaf']),
        c('leaf'),
        c('only'),
      ],
      directs,
    );
    const [leaf, only, both] = g.introducedByEach([['leaf'], ['only'], ['m1', 'only']]);
    assert.deepEqual(leaf, directs.map(p).sort());
    assert.deepEqual(only, [p('d599')]);
    assert.deepEqual(both, directs.map(p).sort());
    // A direct dependency in a group is brought in by itself.
    assert.deepEqual(g.introducedBy(['d7']), [p('d7')]);
  });
});
