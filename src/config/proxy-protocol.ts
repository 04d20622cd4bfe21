import { BlockList, isIP } from 'node:net';

/**
 * PROXY_PROTOCOL (docs/deploy.md "PROXY protocol"): a comma list of addresses or CIDRs (IPv4 or
 * IPv6) of the balancers whose connections open with a PROXY protocol header. Checked apart
 * from the JSON schema because each entry is an address with an optional prefix length.
 */
interface ProxyPeers {
  peers: BlockList | undefined;
  /** One line per problem; empty when the list is good. */
  problems: string[];
}

export function parseProxyPeers(text: string | undefined): ProxyPeers {
  if (text === undefined) {
    return { peers: undefined, problems: [] };
  }
  const peers = new BlockList();
  const problems: string[] = [];
  for (const entry of text.split(',').map((v) => v.trim())) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? maxPrefix : Number(bits);
    const wellFormed =
      family !== 0 &&
      extra === undefined &&
      (bits === undefined || /^\d{1,3}$/.test(bits)) &&
      prefix <= maxPrefix;
    if (!wellFormed) {
      problems.push(
        `PROXY_PROTOCOL=${JSON.stringify(entry)}: not an IPv4 or IPv6 address or CIDR (a comma list)`,
      );
      continue;
    }
    peers.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return problems.length > 0 ? { peers: undefined, problems } : { peers, problems };
}
