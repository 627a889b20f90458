// Both builds draw a page the same way (render/document.tsx); the "#render" import, picked by the
// "workerd" condition (package.json "imports"), adds what each server needs beside it.
// The Workers build also exports what worker/index.ts answers outside Remix ("#edge-entries"),
// so the Worker runs the one copy of the app that the Remix build holds (decision 036).
export { default } from "#render";
export * from "#render";
export * from "#edge-entries";
