/**
 * `<Trans>`: a message with tags, each rendered by an element of `components`, on the server and
 * in the browser alike (over the Translator of ./react). It follows react-i18next's
 * TransWithoutContext and html-parse-stringify's parser for what we use (`t`, `i18nKey`, `values`
 * and a `components` map, no children): `<b>…</b>` becomes the `components` entry `b`; strong,
 * br, i and p are kept as they are; an unknown tag shows as text; and, as html-parse-stringify
 * reads it, `<link>` is an empty (void) element with its text after it.
 * tests/unit/i18n-trans.test.ts renders every tagged message with both and compares.
 */
import { createElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { DEFAULT_NS, useTranslator, type TFunction, type TOptions, type Translator } from "./react";

interface AstNode {
  type: "tag" | "text";
  name: string;
  voidElement: boolean;
  attrs: Record<string, string>;
  children: AstNode[];
  content?: string;
}

const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
const KEEP_BASIC_HTML = ["br", "strong", "i", "p"];
const TAG = /<[a-zA-Z0-9\-!/](?:"[^"]*"|'[^']*'|[^'">])*>/g;
const ATTR = /\s([^'"/\s><]+?)[\s/>]|([^\s=]+)=\s?("[^"]*"|'[^']*')/g;

function parseTag(tag: string): AstNode {
  const node: AstNode = { type: "tag", name: "", voidElement: false, attrs: {}, children: [] };
  const m = /<\/?([^\s]+?)[/\s>]/.exec(tag);
  if (m) {
    node.name = m[1];
    node.voidElement = VOID_ELEMENTS.has(m[1]) || tag.charAt(tag.length - 2) === "/";
  }
  const re = new RegExp(ATTR);
  for (let r = re.exec(tag); r; r = re.exec(tag)) {
    if (!r[0].trim()) continue;
    if (r[1]) {
      const attr = r[1].trim();
      const [k, v = ""] = attr.includes("=") ? attr.split("=") : [attr, ""];
      node.attrs[k] = v;
      re.lastIndex--;
    } else if (r[2]) {
      node.attrs[r[2]] = r[3].trim().substring(1, r[3].length - 1);
    }
  }
  return node;
}

/** html-parse-stringify's parse (no comments or components: messages have neither). */
function parseHtml(html: string): AstNode[] {
  const result: AstNode[] = [];
  const open: AstNode[] = [];
  let current: AstNode | undefined;
  let level = -1;
  const text = (content: string): AstNode => ({ type: "text", name: "", voidElement: false, attrs: {}, children: [], content });
  if (html.indexOf("<") !== 0) {
    const end = html.indexOf("<");
    result.push(text(end === -1 ? html : html.substring(0, end)));
  }
  const matches = [...html.matchAll(TAG)].map((m) => ({ tag: m[0], index: m.index }));
  for (const match of matches) {
    let lts = 0;
    let gts = 0;
    let secondLt = -1;
    let quote: string | null = null;
    for (let j = 0; j < match.tag.length; j++) {
      const c = match.tag.charAt(j);
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === "<") {
        if (++lts === 2) secondLt = j;
      } else if (c === ">") gts++;
    }
    if (lts > gts && secondLt > -1 && /[a-zA-Z0-9\-!/]/.test(match.tag.charAt(secondLt + 1))) {
      match.index += secondLt;
      match.tag = match.tag.substring(secondLt);
    }
  }
  matches.forEach(({ tag, index }, i) => {
    const isOpen = tag.charAt(1) !== "/";
    const start = index + tag.length;
    const nextChar = html.charAt(start);
    const next = matches[i + 1];
    let isText = false;
    if (nextChar === "<" && next) {
      const between = html.substring(start, next.index);
      isText = between.split("<").length > between.split(">").length;
    }
    if (isOpen) {
      level++;
      current = parseTag(tag);
      if (!current.voidElement && nextChar && nextChar !== "<") current.children.push(text(html.slice(start, next ? next.index : undefined)));
      if (level === 0) result.push(current);
      open[level - 1]?.children.push(current);
      open[level] = current;
    }
    if (!isOpen || current!.voidElement) {
      if (level > -1 && (current!.voidElement || current!.name === tag.slice(2, -1))) {
        level--;
        current = level === -1 ? undefined : open[level];
      }
      if ((nextChar !== "<" || isText) && nextChar) {
        const parent = level === -1 ? result : open[level].children;
        const end = next ? next.index : -1;
        let content = html.slice(start, end === -1 ? undefined : end);
        if (/^\s*$/.test(content)) content = " ";
        if ((end > -1 && level + parent.length >= 0) || content !== " ") parent.push(text(content));
      }
    }
  });
  return result;
}

type Components = Record<string, ReactElement>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- element props are whatever the component takes
type AnyElement = ReactElement<any> & { ref?: unknown };

function renderNodes(components: Components, translation: string, opts: Record<string, unknown>, interpolate: Translator["interpolate"]): ReactNode[] {
  if (translation === "") return [];
  const childrenOf = (x: unknown): unknown => (x as { props?: { children?: unknown } } | undefined)?.props?.children ?? (x as { children?: unknown } | undefined)?.children;
  const asArray = (x: unknown): unknown[] => (Array.isArray(x) ? x : [x]);
  const element = (child: AnyElement, key: number, inner: ReactNode[] | string | null | undefined) =>
    createElement(child.type, { ...child.props, key, ref: child.ref }, inner);

  const renderInner = (child: AnyElement, node: AstNode): ReactNode[] => {
    const childs = childrenOf(child);
    const mapped = mapAst(childs, node.children);
    return Array.isArray(childs) && childs.every((c) => isValidElement(c)) && mapped.length === 0 ? (childs as ReactNode[]) : mapped;
  };

  const mapAst = (reactNode: unknown, astNodes: AstNode[]): ReactNode[] => {
    const reactNodes = asArray(reactNode);
    return astNodes.reduce<ReactNode[]>((mem, node, i) => {
      const first = node.children[0]?.content;
      const translationContent = first ? interpolate(first, opts) : first;
      if (node.type === "text") {
        mem.push(interpolate(node.content ?? "", opts));
        return mem;
      }
      let tmp = reactNodes[parseInt(node.name, 10)] as unknown;
      if (!tmp) tmp = components[node.name];
      if (!tmp) tmp = {};
      const child = (Object.keys(node.attrs).length ? { ...(tmp as object), props: Object.assign(node.attrs, (tmp as { props?: object }).props) } : tmp) as AnyElement;
      const isElement = isValidElement(child);
      if (typeof child === "string") {
        mem.push(interpolate(child, opts));
      } else if (childrenOf(child) || (isElement && node.children.length > 0 && !node.voidElement)) {
        mem.push(element(child, i, renderInner(child, node)));
      } else if (Number.isNaN(parseFloat(node.name))) {
        if (Object.prototype.hasOwnProperty.call(components, node.name)) {
          const inner = renderInner(child, node);
          mem.push(element(child, i, node.voidElement ? null : inner));
        } else if (KEEP_BASIC_HTML.includes(node.name)) {
          mem.push(node.voidElement ? createElement(node.name, { key: `${node.name}-${i}` }) : createElement(node.name, { key: `${node.name}-${i}` }, mapAst(reactNodes, node.children)));
        } else if (node.voidElement) {
          mem.push(`<${node.name} />`);
        } else {
          mem.push(`<${node.name}>${String(mapAst(reactNodes, node.children))}</${node.name}>`);
        }
      } else if (child && typeof child === "object" && !isElement) {
        if (node.children[0] && translationContent) mem.push(translationContent);
      } else {
        mem.push(element(child, i, node.children.length !== 1 || !translationContent ? null : translationContent));
      }
      return mem;
    }, []);
  };

  const root = parseHtml(`<0>${translation}</0>`)[0];
  return root ? mapAst(components, root.children) : [];
}

/**
 * A message with tags, each tag rendered by its `components` entry (an empty element: the
 * message gives its text), e.g. "Log in (or <link>create an account</link>)".
 */
export function Trans({ t, i18nKey, values, components }: { t: TFunction; i18nKey: string; values?: Record<string, unknown>; components: Components }) {
  const translator = useTranslator();
  const ns = t.ns ?? DEFAULT_NS;
  const options: TOptions = { context: undefined, count: undefined, ...values, defaultValue: i18nKey, ns: typeof ns === "string" ? [ns] : ns };
  const translation = t(i18nKey, options);
  return renderNodes(components, translation, { ...components, ...options }, translator.interpolate);
}
