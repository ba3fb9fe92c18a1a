/**
 * The lint rule that keeps state in stores (eslint-rules/max-use-state.js, issue 27): a React
 * component or hook with more than 6 useState is reported; one with 6, several small ones in one
 * file, and state kept in callbacks of their own are not.
 */
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import rule from '../../../eslint-rules/max-use-state.js';

// RuleTester writes its cases with the test framework's describe and it.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

/** A function body with `n` useState calls. */
const states = (n: number, call = 'useState') => Array.from({ length: n }, (_, i) => `const [s${i}, set${i}] = ${call}(${i});`).join(' ');

tester.run('max-use-state', rule, {
  valid: [
    { name: 'a component with six', code: `export default function Form() { ${states(6)} return <form />; }` },
    { name: 'two components of four each in one file', code: `function A() { ${states(4)} return null; }\nfunction B() { ${states(4)} return null; }` },
    { name: 'a store made once and read with useStore', code: `function Form() { const [flow] = useState(() => createFlow()); const view = useStore(flow.$form); return <p>{view.x}</p>; }` },
    {
      name: 'a component inside a component counts apart',
      code: `function Outer() { ${states(4)} const Inner = () => { ${states(4)} return null; }; return <Inner />; }`,
    },
    { name: 'a lower limit is an option', code: `function Small() { ${states(2)} return null; }`, options: [{ max: 2 }] },
    { name: 'other hooks do not count', code: `function Form() { ${states(6)} const r = useRef(0); const m = useMemo(() => 1, []); return null; }` },
  ],
  invalid: [
    {
      name: 'a component with seven',
      code: `export default function ForgotPasswordPopup() { ${states(7)} return <form />; }`,
      errors: [{ messageId: 'tooMany', data: { name: 'ForgotPasswordPopup', count: '7', max: '6' } }],
    },
    {
      name: 'an arrow component given to a variable',
      code: `const Panel = () => { ${states(9)} return null; };`,
      errors: [{ messageId: 'tooMany', data: { name: 'Panel', count: '9', max: '6' } }],
    },
    {
      name: 'a hook',
      code: `export function useWalletForm() { ${states(7)} return s0; }`,
      errors: [{ messageId: 'tooMany', data: { name: 'useWalletForm', count: '7', max: '6' } }],
    },
    {
      name: 'React.useState counts too, in a memo component',
      code: `const Row = memo(function () { ${states(4, 'React.useState')} ${states(3)} return null; });`,
      errors: [{ messageId: 'tooMany', data: { name: 'Row', count: '7', max: '6' } }],
    },
    {
      name: 'only the component over the limit is reported',
      code: `function Small() { ${states(2)} return null; }\nfunction Big() { ${states(8)} return null; }`,
      errors: [{ messageId: 'tooMany', data: { name: 'Big', count: '8', max: '6' }, line: 2 }],
    },
    {
      name: 'a lower limit is an option',
      code: `function Small() { ${states(3)} return null; }`,
      options: [{ max: 2 }],
      errors: [{ messageId: 'tooMany', data: { name: 'Small', count: '3', max: '2' } }],
    },
  ],
});
