export const STORE_ASSETS: string;
export const TEST_ASSETS: string;
