/** The part of the `less` package the template importer uses (the package ships no types). */
declare module 'less' {
  interface PreProcessor {
    process(source: string, extra: unknown): string;
  }
  interface Plugin {
    install(less: unknown, pluginManager: { addPreProcessor(processor: PreProcessor): void }): void;
  }
  interface Options {
    filename: string;
    paths: string[];
    math: 'always' | 'parens-division' | 'parens' | 'strict';
    javascriptEnabled: boolean;
    plugins: Plugin[];
  }
  const less: { render(source: string, options: Options): Promise<{ css: string }> };
  export default less;
}
