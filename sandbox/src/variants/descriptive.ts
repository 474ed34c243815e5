// Variants of the descriptive-data (NBC) replies: where descriptive text goes.

import type { VariantDef } from './variant';

export const DESCRIPTIVE_VARIANTS = [
  // HotelDescriptiveContentType: HotelInfo and its Descriptions are optional;
  // MultimediaDescriptions/TextItems is OpenTravel's other home for descriptive text.
  {
    name: 'hotel-descriptions-multimedia',
    operations: ['hotelnbc'],
    description:
      'Hotel descriptive content has no HotelInfo/HotelName and no HotelInfo/Descriptions: the name is HotelDescriptiveContent/@HotelName, the description only MultimediaDescriptions/MultimediaDescription/TextItems/TextItem/Description.',
    expectedWarnings: [],
  },
] as const satisfies readonly VariantDef[];
