/**
 * An assertion only one branch reaches proves nothing the day that branch is not taken (DESIGN.md section 11):
 * `if (cond) expect(...)` with no else, `cond ? expect(a) : other` whose other side asserts nothing, and
 * `cond && expect(...)`. Seed what the test needs, pick data that has the property, or state the precondition
 * (fast-check's `fc.pre`).
 */
const isExpect = (node) =>
  node.type === 'CallExpression' &&
  (node.callee.type === 'Identifier'
    ? node.callee.name === 'expect'
    : node.callee.type === 'MemberExpression' && node.callee.object.type === 'Identifier' && node.callee.object.name === 'expect');

/** Whether a subtree holds an assertion (or throws, which fails the test as surely). */
function asserts(node) {
  if (!node || typeof node.type !== 'string') return false;
  if (isExpect(node) || node.type === 'ThrowStatement') return true;
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      if (value.some((v) => v && typeof v.type === 'string' && asserts(v))) return true;
    } else if (value && typeof value.type === 'string' && asserts(value)) return true;
  }
  return false;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'refuse an assertion that only one branch of a condition reaches' },
    messages: {
      ifWithoutElse: 'This assertion runs only when the `if` holds, and nothing asserts otherwise: seed what the test needs, or assert the condition itself.',
      oneSide: 'This assertion is on one side of a condition whose other side asserts nothing: assert unconditionally.',
      logical: 'This assertion runs only when the left side of `{{op}}` lets it: assert unconditionally.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        if (!isExpect(node)) return;
        let child = node;
        for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
          if (parent.type === 'IfStatement' && child === parent.consequent && !parent.alternate) {
            context.report({ node, messageId: 'ifWithoutElse' });
            return;
          }
          if (parent.type === 'IfStatement' && child === parent.alternate && !asserts(parent.consequent)) {
            context.report({ node, messageId: 'oneSide' });
            return;
          }
          if (parent.type === 'IfStatement' && child === parent.consequent && !asserts(parent.alternate)) {
            context.report({ node, messageId: 'oneSide' });
            return;
          }
          if (parent.type === 'ConditionalExpression' && child !== parent.test) {
            const other = child === parent.consequent ? parent.alternate : parent.consequent;
            if (!asserts(other)) {
              context.report({ node, messageId: 'oneSide' });
              return;
            }
          }
          if (parent.type === 'LogicalExpression' && child === parent.right) {
            context.report({ node, messageId: 'logical', data: { op: parent.operator } });
            return;
          }
        }
      },
    };
  },
};
