import { rpcMethodName } from './rpc-method-name.js';

const body = (text: string) => Buffer.from(text);

describe('the method an RPC request calls, read as the RPC servers read it', () => {
  it('XML-RPC: <methodName> of a well-formed call; nothing for anything else', () => {
    const call =
      "<?xml version='1.0'?><methodCall><methodName> Product.get </methodName><params></params></methodCall>";
    expect(rpcMethodName('/xmlrpc.cgi', 'POST', {}, body(call))).toBe('Product.get');
    expect(rpcMethodName('/xmlrpc.cgi', 'POST', {}, body('<methodCall><methodName>Product.get'))).toBeUndefined();
    expect(rpcMethodName('/xmlrpc.cgi', 'POST', {}, body(''))).toBeUndefined();
    expect(rpcMethodName('/xmlrpc.cgi', 'GET', { method: 'Product.get' }, undefined)).toBeUndefined();
  });

  it("JSON-RPC: the body's method over POST, the query's first method over GET", () => {
    expect(rpcMethodName('/jsonrpc.cgi', 'POST', {}, body('{"method":"Product.get","params":[{}],"id":1}'))).toBe(
      'Product.get',
    );
    expect(rpcMethodName('/jsonrpc.cgi', 'POST', { method: 'Product.get' }, body('{"method":"Bug.get"}'))).toBe(
      'Bug.get',
    );
    expect(rpcMethodName('/jsonrpc.cgi', 'POST', {}, body('[{"method":"Product.get"}]'))).toBeUndefined();
    expect(rpcMethodName('/jsonrpc.cgi', 'POST', {}, body('{"method": 7}'))).toBeUndefined();
    expect(rpcMethodName('/jsonrpc.cgi', 'POST', {}, body('{"method": "Product.get",'))).toBeUndefined();
    expect(rpcMethodName('/jsonrpc.cgi', 'GET', { method: ['Group.get', 'Bug.get'] }, undefined)).toBe('Group.get');
    expect(rpcMethodName('/jsonrpc.cgi', 'GET', {}, undefined)).toBeUndefined();
    expect(rpcMethodName('/jsonrpc.cgi', 'PUT', {}, body('{"method":"Product.get"}'))).toBeUndefined();
  });
});
