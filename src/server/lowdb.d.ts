// lowdb 1 ships no types; only what the store uses is declared.
declare module "lowdb" {
  export interface Adapter<T> {
    read(): T;
    write(data: T): void;
  }
  export interface LowSync<T> {
    getState(): T;
    setState(state: T): LowSync<T>;
    write<R>(returnValue?: R): R;
    read(): LowSync<T>;
  }
  function low<T>(adapter: Adapter<T>): LowSync<T>;
  export default low;
}

declare module "lowdb/adapters/Base" {
  class Base<T = unknown> {
    constructor(source: string, options?: { defaultValue?: T; serialize?: (data: T) => string; deserialize?: (text: string) => T });
    source: string;
    defaultValue: T;
    serialize: (data: T) => string;
    deserialize: (text: string) => T;
  }
  export default Base;
}
