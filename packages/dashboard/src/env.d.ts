/** Style sheets are bundled by esbuild (scripts/build.mjs): importing one adds it to the built CSS. */
declare module '*.css';
