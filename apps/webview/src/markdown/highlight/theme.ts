import type { ThemeRegistrationRaw } from 'shiki/core';

/**
 * The token kinds code is coloured by, each a CSS class whose colour is one of VS Code's own theme variables (see
 * components/MarkdownContent.css), so highlighted code follows the user's theme kind (light, dark, high contrast)
 * with no inline style, which the webview's CSP forbids.
 *
 * shiki colours tokens from a theme; this theme gives each kind a placeholder colour that only names the kind
 * (#000001 is the first kind, and so on), and the renderer turns that back into the class.
 */
export const TOKEN_KINDS = [
  'comment',
  'string',
  'constant',
  'keyword',
  'function',
  'type',
  'parameter',
  'tag',
] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

const SCOPES: Record<TokenKind, string[]> = {
  comment: ['comment', 'punctuation.definition.comment', 'string.quoted.docstring'],
  string: ['string', 'markup.inline.raw', 'markup.fenced_code', 'string.regexp'],
  constant: [
    'constant.numeric',
    'constant.language',
    'constant.character',
    'constant.other',
    'variable.other.constant',
    'support.constant',
    'variable.language',
  ],
  keyword: ['keyword', 'storage', 'storage.type', 'storage.modifier', 'keyword.control', 'keyword.operator.new'],
  function: ['entity.name.function', 'support.function', 'meta.function-call entity.name.function'],
  type: ['entity.name.type', 'entity.other.inherited-class', 'support.type', 'support.class', 'entity.name.class'],
  parameter: ['variable.parameter', 'meta.parameters variable'],
  tag: ['entity.name.tag', 'entity.other.attribute-name', 'support.type.property-name', 'meta.object-literal.key'],
};

const placeholder = (index: number) => `#${(index + 1).toString(16).padStart(6, '0')}`;

export const CLASS_THEME: ThemeRegistrationRaw = {
  name: 'roundtable-classes',
  type: 'dark',
  settings: [
    { settings: { foreground: '#000000', background: '#000000' } },
    ...TOKEN_KINDS.map((kind, index) => ({ scope: SCOPES[kind], settings: { foreground: placeholder(index) } })),
  ],
};

/** The token kind a colour from `CLASS_THEME` stands for, or undefined for plain text. */
export function kindOfColor(color: string | undefined): TokenKind | undefined {
  if (!color) return undefined;
  const index = Number.parseInt(color.slice(1, 7), 16) - 1;
  return TOKEN_KINDS[index];
}
