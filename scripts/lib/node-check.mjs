// The project runs on the Node it brings (devDependency `node`, 24.x); npm puts it first on PATH
// for npm scripts. Running a script with an older Node directly gets a clear message instead.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`This project needs Node 22.12 or later (it is running on ${process.version}).`);
  console.error('Run it through npm (npm start, npm test, npm run ops -- ...), which uses the Node in node_modules.');
  process.exit(1);
}
