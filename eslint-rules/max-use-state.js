/**
 * ESLint rule `local/max-use-state` (issue 27, "state in stores, logic in pure modules"): a React
 * component or hook that keeps more than `max` (6) pieces of `useState` holds a form's or a page's
 * data and steps; those belong in a nanostores store (`src/features/<name>/client/`, a
 * `createXFlow(...)` of `$` stores and plain actions, as login-flow.ts does), where they are tested
 * without React. Local UI state (a toggle, show-password) stays in components.
 *
 * Each `useState(...)` or `React.useState(...)` call counts for the function it is written in.
 * The rules of hooks already allow such a call only in a component or a hook, so the function that
 * holds it is one; a call in a nested function (a callback) counts for that function, not for the
 * component around it.
 */

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'A React component or hook keeps at most `max` useState; the rest goes into a store (issue 27).' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 0 } }, additionalProperties: false }],
    defaultOptions: [{ max: 6 }],
    messages: {
      tooMany: '{{name}} keeps {{count}} useState (at most {{max}}): move its data, steps and server calls into a nanostores store (client/, createXFlow) and render it with useStore.',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 6;
    /** @type {{ node: import('estree').Node; count: number }[]} */
    const stack = [];
    const enter = (node) => stack.push({ node, count: 0 });
    const leave = () => {
      const { node, count } = stack.pop();
      if (count > max) context.report({ node: reportedNode(node), messageId: 'tooMany', data: { name: functionName(node), count: String(count), max: String(max) } });
    };
    return {
      FunctionDeclaration: enter,
      FunctionExpression: enter,
      ArrowFunctionExpression: enter,
      'FunctionDeclaration:exit': leave,
      'FunctionExpression:exit': leave,
      'ArrowFunctionExpression:exit': leave,
      CallExpression(node) {
        if (stack.length && isUseState(node.callee)) stack[stack.length - 1].count += 1;
      },
    };
  },
};

/** `useState` or `<anything>.useState` (React.useState). */
function isUseState(callee) {
  if (callee.type === 'Identifier') return callee.name === 'useState';
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'useState';
}

/** The function's name: its own, or the variable, property or export it is given to. */
function functionName(node) {
  if (node.id) return node.id.name;
  // const X = () => ..., const X = memo(() => ...), { X: () => ... }
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'VariableDeclarator' && p.id.type === 'Identifier') return p.id.name;
    if (p.type === 'Property' && p.key.type === 'Identifier') return p.key.name;
    if (p.type === 'ExportDefaultDeclaration') return 'The default export';
    if (p.type !== 'CallExpression') break;
  }
  return 'This function';
}

/** Where the report points: the function's name when it has one, else the function. */
function reportedNode(node) {
  if (node.id) return node.id;
  return node.parent?.type === 'VariableDeclarator' ? node.parent.id : node;
}
