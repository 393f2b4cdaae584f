/** An e-mail address in the parts a line may break between: after its "@" and before each dot. */
export function addressParts(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/);
}
