// The fixed lists a business is described and the directory filtered and sorted by, without zod:
// the directory's filters and cards need only these, and importing them from businesses.ts would bring
// zod (86 KB of script) onto a phone's first load of the directory. businesses.ts builds its schemas
// from them and re-exports them.

export const businessCategories = [
  'Healthcare', 'Beauty & Wellness', 'Professional Services', 'Home Services', 'Education',
  'Fitness', 'Legal', 'Financial', 'Automotive', 'Technology', 'Other',
] as const;
export const cuisineTypes = ['Italian', 'Mexican', 'Asian', 'American', 'French', 'Mediterranean', 'Indian', 'Japanese', 'Thai', 'Other'] as const;
export const priceRanges = [
  { value: '$', label: 'Budget friendly' },
  { value: '$$', label: 'Moderate' },
  { value: '$$$', label: 'Upscale' },
  { value: '$$$$', label: 'Fine dining' },
] as const;
export const businessTypes = ['service', 'restaurant'] as const;

export const businessSorts = ['relevance', 'soonest', 'rating', 'distance', 'name'] as const;
export type BusinessSort = (typeof businessSorts)[number];
