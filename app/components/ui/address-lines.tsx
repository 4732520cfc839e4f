/** A delivery address as lines (app/domain/address-lines.ts `addressLines`): street, landmark, then city, LGA, state. */
import { Fragment } from "react";
import { addressLines, type PlaceFields } from "~/domain/address-lines";

export function AddressLines({ address }: { address: PlaceFields }) {
  return (
    <>
      {addressLines(address).map((l, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {l}
        </Fragment>
      ))}
    </>
  );
}
