/** The part of the `less` package the template importer uses (the package ships no types). */
declare module 'less' {
  export interface PreProcessor {
    process(source: string, extra: unknown): string;
  }
  /** What LESS passes a file manager: the compile's options, plus what it is loading for. */
  export interface LoadOptions {
    paths?: string[];
    /** `.less` for an import without an extension (`.js` for a plugin). */
    ext?: string;
    /** `application/javascript` when the file is an `@plugin`. */
    mime?: string;
    /** `data-uri` asks for the bytes. */
    rawBuffer?: boolean;
  }
  export interface LoadedFile {
    filename: string;
    contents: string | Buffer;
  }
  export interface FileManager {
    supports(filename: string, currentDirectory: string, options: LoadOptions): boolean;
    supportsSync(filename: string, currentDirectory: string, options: LoadOptions): boolean;
    loadFile(filename: string, currentDirectory: string, options: LoadOptions): Promise<LoadedFile>;
    loadFileSync(filename: string, currentDirectory: string, options: LoadOptions): LoadedFile | { error: unknown };
  }
  export interface Plugin {
    install(
      less: unknown,
      pluginManager: { addPreProcessor(processor: PreProcessor): void; addFileManager(manager: FileManager): void },
    ): void;
  }
  export interface Options {
    filename: string;
    paths: string[];
    math: 'always' | 'parens-division' | 'parens' | 'strict';
    javascriptEnabled: boolean;
    /** `all`: relative `url()`s are rewritten to be relative to the root file, then prefixed with `rootpath`. */
    rewriteUrls?: 'all' | 'local' | 'off';
    rootpath?: string;
    plugins: Plugin[];
  }
  const less: {
    render(source: string, options: Options): Promise<{ css: string }>;
    /** The base of LESS's file managers (path helpers such as getPath, which the import manager calls). */
    AbstractFileManager: new () => object;
  };
  export default less;
}
