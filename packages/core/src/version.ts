/** Version of the secscan engine and service, kept in step with the packages' package.json. */
export const VERSION = '0.1.0';
