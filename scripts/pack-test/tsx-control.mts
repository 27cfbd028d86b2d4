// The control of the tsx steps: imports nothing, so if tsx cannot run it, tsx and the runtime are at fault.
const typed: string = "tsx control ok";
console.log(typed);
