/** Theme files imported as text (wrangler.toml `[[rules]] type = "Text"`). */
declare module '*.html' {
  const text: string;
  export default text;
}
declare module '*.css' {
  const text: string;
  export default text;
}
