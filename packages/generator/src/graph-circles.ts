// Tarjan's strongly connected components, as circles.

/**
 * The circles of a directed graph: each strongly connected group of more than one node, or a
 * node with an edge to itself. Read by the Python view (rings of models mypy cannot check) and
 * by the repository's import-graph test.
 */
export function circlesOf(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  // Tarjan's algorithm, iterative: a document may chain thousands of models.
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work: Array<[string, number]> = [[root, 0]];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [node, next] = frame;
      const targets = edges.get(node) ?? [];
      if (next < targets.length) {
        frame[1]++;
        const target = targets[next]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1 || targets.includes(node)) found.push(group);
      }
    }
  }
  return found;
}
