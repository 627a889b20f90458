const fs=require("fs"),zlib=require("zlib"),path=require("path");
const f=fs.readdirSync("public/build").find(f=>/^manifest-/.test(f));
const t=fs.readFileSync("public/build/"+f,"utf8");const m=JSON.parse(t.slice(t.indexOf("{"),t.lastIndexOf("}")+1));
const gz=f=>zlib.gzipSync(fs.readFileSync(path.join("public",f))).length/1024;
const chain=id=>{const c=[];for(let r=m.routes[id];r;r=r.parentId?m.routes[r.parentId]:null)c.push(r);return c};
const base=new Set([m.entry.module,...m.entry.imports]);for(const r of chain("routes/_app"))for(const i of [r.module,...(r.imports||[])])base.add(i);
const target=process.argv[2];
for(const id of Object.keys(m.routes)){if(target&&!id.includes(target))continue;const files=new Set();for(const r of chain(id)){files.add(r.module);for(const i of r.imports||[])files.add(i)}
 let tot=0;for(const x of new Set([...files,m.entry.module,...m.entry.imports]))tot+=gz(x); if(tot<=100)continue;
 const extra=[...files].filter(x=>!base.has(x)&&gz(x)>=0.5).map(x=>{const s=fs.readFileSync("public"+x,"utf8");return gz(x).toFixed(1)+" "+s.replace(/^(import[^;]*;)*/,"").slice(0,50).replace(/\n/g," ")});
 console.log(tot.toFixed(1),id);for(const e of extra)console.log("     ",e)}
