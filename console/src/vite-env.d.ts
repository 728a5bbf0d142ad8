// Vite's client types: lets TypeScript accept the stylesheet import in main.tsx.
/// <reference types="vite/client" />
