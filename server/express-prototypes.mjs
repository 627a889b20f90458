import http from "node:http";

/**
 * The Node server's request and response classes, made with Express's prototypes (app.request,
 * app.response) from the start, for http.createServer's options. Express sets those prototypes on
 * each request with Object.setPrototypeOf; on Node 20 (V8 11) an object whose prototype was changed
 * gets a new hidden class for every property added after (Express's own, morgan's, compression's:
 * about twenty a request), each with its own copy of the descriptors of the forty-odd properties a
 * request or response has. Those copies outlived the request: the largest part of what each
 * young-generation collection had to copy. With the prototype already in place, Express's call
 * changes nothing and every request shares the same classes.
 */
export function withExpressPrototypes(app) {
  // classes, not functions: V8 sizes a derived class's objects for its parents' properties, and a
  // response built by a plain function ran out of room and went to dictionary mode
  class Request extends http.IncomingMessage {}
  class Response extends http.ServerResponse {}
  Object.setPrototypeOf(Request.prototype, app.request);
  Object.setPrototypeOf(Response.prototype, app.response);
  app.request = Request.prototype;
  app.response = Response.prototype;
  return { IncomingMessage: Request, ServerResponse: Response };
}
